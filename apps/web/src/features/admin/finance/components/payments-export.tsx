import { ExportCsvButton } from '@/components/admin/export-csv-button.tsx';

/**
 * Export payments: the session's payments (of one status, when the list shows one) as CSV, for
 * the treasurer's records; given the payments list's session and status, it exports exactly what
 * the list shows.
 */
export function PaymentsExport({ session, status }: { session: string; status?: string }) {
  return <ExportCsvButton name="payments" query={{ session, status }} accessibleLabel={`Export CSV of the payments of ${session}`} />;
}
