import { useState } from 'react';
import { ExportCsvButton } from '@/components/admin/export-csv-button.tsx';
import { SelectField, TextField } from '@/components/ui/field.tsx';

/**
 * Export payments: one session's payments (optionally of one status) as CSV, for the treasurer's
 * records. The Finance screen shows it beside its payments list; given that list's session and
 * status, it exports exactly what the list shows.
 */
export function PaymentsExport({ session: listSession, status: listStatus }: { session?: string; status?: string }) {
  const [session, setSession] = useState(listSession ?? '');
  const [status, setStatus] = useState(listStatus ?? '');
  if (listSession !== undefined) {
    return <ExportCsvButton name="payments" query={{ session: listSession, status: listStatus }} accessibleLabel={`Export CSV of the payments of ${listSession}`} />;
  }
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField label="Session" value={session} onChange={(e) => setSession(e.target.value)} placeholder="2026-2027" autoComplete="off" />
      <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
        <option value="">Every status</option>
        <option value="pending">Pending</option>
        <option value="approved">Approved</option>
        <option value="rejected">Rejected</option>
        <option value="void">Void</option>
      </SelectField>
      <ExportCsvButton name="payments" query={{ session, status }} accessibleLabel="Export CSV of the payments of this session" />
    </div>
  );
}
