import type { ExportName } from '@aesa/shared/exports';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import { errorMessage, isSessionEnd } from '@/lib/admin-messages.ts';
import { cn } from '@/lib/cn.ts';
import { downloadExport, type ExportQuery } from '@/lib/download-export.ts';

/**
 * "Export CSV": downloads the screen's list with its current filter (the server streams it and
 * records the download in the audit log). A refusal is shown under the button, as the voter
 * roll's download does.
 */
export function ExportCsvButton({
  name,
  query,
  label = 'Export CSV',
  accessibleLabel,
  className,
  ...props
}: { name: ExportName; query?: ExportQuery; label?: string; accessibleLabel?: string } & Omit<ButtonProps, 'onClick' | 'name'>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onExport() {
    setBusy(true);
    setError(null);
    try {
      await downloadExport(name, query);
    } catch (err) {
      if (!isSessionEnd(err)) setError(`Error exporting CSV: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={cn('flex flex-col items-start gap-1', className)}>
      <Button variant="outline" size="sm" {...props} aria-label={accessibleLabel} disabled={busy || props.disabled} onClick={() => void onExport()}>
        <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M12 3v12m0 0l-4-4m4 4l4-4M5 21h14" />
        </svg>
        {busy ? 'Exporting...' : label}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
