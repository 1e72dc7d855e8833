import { PAYMENT_METHOD_LABELS, PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, formatNaira, type AdminPayment, type PaymentStatus } from '@aesa/shared/finance';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/field.tsx';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { UserPickerDialog } from '@/components/user-picker/user-picker-dialog.tsx';
import { paths } from '@/config/paths.ts';
import { loadFailed } from '@/lib/admin-messages.ts';
import { cn } from '@/lib/cn.ts';
import { flash } from '@/lib/flash.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { openProof } from '@/features/membership/lib/open-proof.ts';
import { usePayments, useSessions } from '../api/finance.ts';
import { PaymentActionDialog, type PaymentAction } from './payment-dialogs.tsx';
import { PaymentsExport } from './payments-export.tsx';

const STATUS_STYLE: Record<PaymentStatus, string> = {
  pending: 'bg-amber-100 text-amber-950',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  void: 'bg-slate-200 text-slate-800',
};

/** The payments of a session (the current one first): its figures, the list by status, and the decisions. */
export function PaymentsTab() {
  const ids = useId();
  const sessions = useSessions();
  const [session, setSession] = useState('');
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const [action, setAction] = useState<PaymentAction | null>(null);
  const [picking, setPicking] = useState(false);
  const payments = usePayments(session, status);

  if (payments.isPending) return <ListLoading label="Loading payments..." />;
  if (payments.isError) return <ListError message={loadFailed('payments', payments.error)} onRetry={() => void payments.refetch()} retrying={payments.isFetching} />;
  const data = payments.data;
  const shown = data.session;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Session"
          className="w-full sm:w-56"
          value={session || shown?.id || ''}
          onChange={(e) => setSession(e.target.value)}
          disabled={!sessions.data}
        >
          {(sessions.data?.sessions ?? (shown ? [shown] : [])).map((s) => (
            <option key={s.id} value={s.id}>
              {s.year}
              {s.is_current ? ' (current)' : ''}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" className="w-full sm:w-48" value={status} onChange={(e) => setStatus(e.target.value as PaymentStatus | '')}>
          <option value="">All payments</option>
          {PAYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAYMENT_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <Button className="sm:ml-auto" onClick={() => setPicking(true)} disabled={!shown?.is_current}>
          Record a Payment
        </Button>
      </div>
      {!shown ? (
        <p className="rounded-xl bg-white p-4 text-slate-700 shadow-sm">No session yet. Create one in Sessions, and mark it current, to take dues.</p>
      ) : (
        <>
          <section aria-labelledby={`${ids}-figures`} className="rounded-2xl bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`${ids}-figures`} className="text-base font-bold text-navy-900">
                Session {shown.year}
              </h2>
              <PaymentsExport session={shown.year} status={status || undefined} />
            </div>
            <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
              <Figure term="Financial members (paid)" value={String(data.figures?.financial_members ?? 0)} />
              <Figure term="Pending proofs" value={String(data.figures?.pending ?? 0)} />
              <Figure term="Total collected" value={formatNaira(data.figures?.total_collected ?? 0)} />
            </dl>
          </section>
          {data.payments.length === 0 ? (
            <p className="rounded-xl bg-white p-4 text-slate-700 shadow-sm">No {status ? PAYMENT_STATUS_LABELS[status].toLowerCase() : ''} payments for {shown.year}.</p>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2" aria-label={`Payments for ${shown.year}`}>
              {data.payments.map((p) => (
                <li key={p.id} className="flex">
                  <PaymentCard payment={p} onAction={(kind) => setAction({ kind, payment: p })} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <UserPickerDialog
        mode="instant"
        open={picking}
        onOpenChange={setPicking}
        title="Record a payment"
        description={`Choose the member who paid${shown ? ` the ${shown.year} dues` : ''}.`}
        onSelect={(member) => {
          setPicking(false);
          setAction({ kind: 'record', member });
        }}
      />
      <PaymentActionDialog action={action} onClose={() => setAction(null)} />
    </div>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-sm text-slate-700">{term}</dt>
      <dd className="text-2xl font-bold text-navy-900">{value}</dd>
    </div>
  );
}

function PaymentCard({ payment: p, onAction }: { payment: AdminPayment; onAction: (kind: 'approve' | 'reject' | 'void') => void }) {
  const when = useDateFormat();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="flex w-full min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate font-bold text-navy-900">
            {p.member_name}
          </h3>
          <p className="truncate text-xs text-slate-600">{[p.matric_number, p.level].filter(Boolean).join(' · ')}</p>
        </div>
        <span className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_STYLE[p.status])}>{PAYMENT_STATUS_LABELS[p.status]}</span>
      </div>
      <p className="mt-2 text-lg font-bold text-slate-900">{formatNaira(p.amount)}</p>
      <p className="text-sm text-slate-700">
        {PAYMENT_METHOD_LABELS[p.method]}
        {p.reference ? ` · Ref. ${p.reference}` : ''} · {p.has_proof ? 'Sent' : 'Recorded'} {when.date(p.created_at)}
      </p>
      {p.receipt_number ? <p className="text-sm text-slate-700">Receipt {p.receipt_number}</p> : null}
      {p.decided_by_name ? (
        <p className="text-sm text-slate-700">
          {PAYMENT_STATUS_LABELS[p.status]} by {p.decided_by_name}
          {p.decided_at ? `, ${when.date(p.decided_at)}` : ''}
        </p>
      ) : null}
      {p.reason ? <p className="mt-1 text-sm text-slate-800">Reason: {p.reason}</p> : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-3">
        {p.has_proof ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`View proof of ${p.member_name}`}
            onClick={async () => {
              if (!(await openProof(p.id))) flash.error('The proof of payment could not be opened.');
            }}
          >
            View Proof
          </Button>
        ) : null}
        {p.status === 'pending' ? (
          <>
            <Button size="sm" onClick={() => onAction('approve')} aria-label={`Approve payment of ${p.member_name}`}>
              Approve
            </Button>
            <Button size="sm" variant="danger" onClick={() => onAction('reject')} aria-label={`Reject payment of ${p.member_name}`}>
              Reject
            </Button>
          </>
        ) : null}
        {p.status === 'approved' ? (
          <Button size="sm" variant="outline" onClick={() => onAction('void')} aria-label={`Void payment of ${p.member_name}`}>
            Void
          </Button>
        ) : null}
        {p.receipt_number ? (
          <Link to={paths.receipt.href(p.id)} className="inline-flex h-9 items-center px-1 text-sm font-semibold text-brand-700 underline underline-offset-2">
            Receipt
          </Link>
        ) : null}
      </div>
    </article>
  );
}
