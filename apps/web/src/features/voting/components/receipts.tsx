import { Button } from '@/components/ui/button.tsx';
import { flash } from '@/lib/flash.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import type { ActiveElection } from '@/lib/elections.ts';
import { type DeviceReceipt, receiptsFileName, receiptsText } from '../lib/device-receipts.ts';

async function copyText(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    flash.success(done);
  } catch {
    flash.error('Could not copy. Select the receipt and copy it, or download it.');
  }
}

/** Copies one receipt code. */
export function CopyReceiptButton({ text, label }: { text: string; label: string }) {
  return (
    <Button type="button" variant="outline" size="sm" aria-label={label} onClick={() => void copyText(text, 'Receipt copied.')}>
      Copy
    </Button>
  );
}

/** This device's receipts for the election, with Copy and Download (a small text file). */
export function ReceiptsPanel({ election, receipts }: { election: Pick<ActiveElection, 'id' | 'title'>; receipts: readonly DeviceReceipt[] }) {
  const { association_name } = useSiteConfig();
  if (receipts.length === 0) return null;
  const text = receiptsText({ association: association_name, electionTitle: election.title, electionId: election.id, receipts });

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = receiptsFileName(election.title);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <section aria-labelledby="receipts-title" className="mt-4 text-left">
      <h3 id="receipts-title" className="text-base font-bold text-navy-900">
        {receipts.length === 1 ? 'Your receipt' : 'Your receipts'}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        A receipt lets you check that your ballot is counted. It is kept on this device; keep a copy too, and keep it private.
      </p>
      <ul aria-label="Receipts" className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-slate-50 text-sm">
        {receipts.map((r) => (
          <li key={r.position} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2">
            <span className="min-w-0 break-words text-slate-800">
              <span className="font-semibold">{r.position}</span>: {r.candidate_name}
            </span>
            <span className="font-mono font-semibold tracking-wider text-slate-900 select-all">{r.receipt}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copyText(text, receipts.length === 1 ? 'Receipt copied.' : 'Receipts copied.')}>
          Copy
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          Download
        </Button>
      </div>
    </section>
  );
}
