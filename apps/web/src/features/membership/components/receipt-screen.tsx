import { PAYMENT_METHOD_LABELS, formatNaira } from '@aesa/shared/finance';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/admin-messages.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { useReceipt } from '../api/membership.ts';

/**
 * /membership/receipts/:paymentId: the receipt of an approved payment, for the member who paid (and
 * finance admins), to read and print. The print styles (index.css) leave only the receipt on paper.
 * A voided payment's receipt still opens, marked void with the reason: its number is never reused.
 */
export function ReceiptScreen() {
  const { paymentId = '' } = useParams();
  const query = useReceipt(paymentId);
  const when = useDateFormat();

  if (query.isPending) {
    return (
      <p role="status" className="mx-auto max-w-2xl px-4 py-12 text-slate-700">
        Loading the receipt...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12">
        <title>Receipt not found</title>
        <h1 className="text-2xl font-bold text-navy-900">Receipt not found</h1>
        <p className="mt-2 text-slate-700">{errorMessage(query.error)}</p>
        <Link to={`${paths.profile.href()}#membership`} className="mt-4 inline-block font-semibold text-brand-700 underline">
          Back to my membership
        </Link>
      </div>
    );
  }
  const r = query.data.receipt;
  const rows: [string, string][] = [
    ['Receipt number', r.receipt_number],
    ['Received from', r.member_name],
    ...(r.matric_number ? ([['Matric number', r.matric_number]] as [string, string][]) : []),
    ['For', `Membership dues, ${r.session_year} session`],
    ['Amount', formatNaira(r.amount)],
    ['Method', PAYMENT_METHOD_LABELS[r.method]],
    ...(r.reference ? ([['Reference', r.reference]] as [string, string][]) : []),
    ['Date', r.decided_at ? when.date(r.decided_at) : ''],
    ...(r.decided_by_name ? ([['Received by', r.decided_by_name]] as [string, string][]) : []),
  ];
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <title>{`Receipt ${r.receipt_number} · ${r.association_name} Portal`}</title>
      <article className="rounded-2xl border border-slate-300 bg-white p-6 shadow-sm print:border-0 print:shadow-none sm:p-8" aria-labelledby="receipt-title">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">{r.association_name}</p>
        <h1 id="receipt-title" className="mt-1 text-2xl font-bold text-navy-900">
          Receipt of payment
        </h1>
        {r.status === 'void' ? (
          <p role="note" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 font-semibold text-red-900">
            Void: this payment was voided{r.reason ? ` (${r.reason})` : ''} and no longer counts.
          </p>
        ) : null}
        <dl className="mt-6 divide-y divide-slate-200">
          {rows.map(([term, value]) => (
            <div key={term} className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 py-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
              <dt className="text-sm text-slate-700">{term}</dt>
              <dd className="font-semibold break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </article>
      <div className="print-hidden mt-6 flex flex-wrap gap-3">
        <Button onClick={() => globalThis.print()}>Print Receipt</Button>
        <Link to={`${paths.profile.href()}#membership`} className="inline-flex h-11 items-center font-semibold text-brand-700 underline underline-offset-2">
          Back to my membership
        </Link>
      </div>
    </div>
  );
}
