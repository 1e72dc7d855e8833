import { Button } from '@/components/ui/button.tsx';
import { flash } from '@/lib/flash.ts';
import { useSiteConfig } from '@/lib/site-config.ts';

/** The recovery codes, shown once: copy or download them, then confirm they are kept. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { association_name } = useSiteConfig();
  const text = `${association_name} Portal recovery codes\nEach code works once, in place of the code from your authenticator app.\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      flash.success('Recovery codes copied.');
    } catch {
      flash.error('Could not copy. Select the codes and copy them, or download them.');
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${association_name.toLowerCase()}-recovery-codes.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <section aria-labelledby="recovery-codes-title" className="space-y-4">
      <div>
        <h3 id="recovery-codes-title" className="text-base font-semibold text-slate-900">
          Save your recovery codes
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          If you lose your phone, each of these codes lets you sign in once. They are shown only now: keep them somewhere safe,
          away from your phone.
        </p>
      </div>
      <ol aria-label="Recovery codes" className="grid gap-1 rounded-lg bg-slate-100 p-3 font-mono text-sm whitespace-nowrap text-slate-900">
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          Download
        </Button>
        <Button type="button" className="ml-auto" onClick={onDone}>
          I have saved my recovery codes
        </Button>
      </div>
    </section>
  );
}
