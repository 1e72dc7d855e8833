import {
  FINANCE_LIMITS,
  FINANCE_MSG,
  PAYMENT_STATUS_LABELS,
  formatNaira,
  membershipStatusText,
  type MemberPayment,
  type MembershipResponse,
} from '@aesa/shared/finance';
import { proofFieldsSchema } from '@aesa/shared/schemas/finance';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/admin-messages.ts';
import { cn } from '@/lib/cn.ts';
import { flash } from '@/lib/flash.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { useMembership, useSendProof } from '../api/membership.ts';
import { openProof } from '../lib/open-proof.ts';

const STATUS_STYLE = {
  financial: 'border-green-300 bg-green-50 text-green-900',
  verified: 'border-amber-300 bg-amber-50 text-amber-950',
  not_verified: 'border-slate-300 bg-slate-50 text-slate-900',
} as const;

const PAYMENT_STYLE: Record<MemberPayment['status'], string> = {
  pending: 'bg-amber-100 text-amber-950',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  void: 'bg-slate-200 text-slate-800',
};

/**
 * The member's Membership card: the standing for the current session (not verified, verified or
 * financial), the proof-of-payment form while dues are unpaid and nothing is pending, the
 * payments with their receipts, and the earlier sessions.
 */
export function MembershipCard() {
  const headingId = useId();
  const query = useMembership();
  return (
    <section id="membership" aria-labelledby={headingId} className="mx-4 mb-4 scroll-mt-20 rounded-2xl bg-white p-4 shadow-sm sm:mx-0 sm:p-6">
      <h2 id={headingId} className="mb-3 text-lg font-bold text-navy-900">
        Membership
      </h2>
      {query.isPending ? (
        <p role="status" className="text-slate-700">
          Loading your membership...
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-red-800">
          <p>Failed to load your membership: {errorMessage(query.error)}</p>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <MembershipBody data={query.data} />
      )}
    </section>
  );
}

function MembershipBody({ data }: { data: MembershipResponse }) {
  const { current, history, payments } = data;
  const pending = current ? payments.find((p) => p.session_year === current.session.year && p.status === 'pending') : undefined;
  return (
    <div className="flex flex-col gap-4">
      {current ? (
        <div className={cn('rounded-xl border px-4 py-3', STATUS_STYLE[current.status])}>
          <p className="text-base font-bold" data-testid="membership-status">
            {membershipStatusText(current.status, current.session.year)}
          </p>
          <p className="mt-1 text-sm">
            {current.status === 'financial'
              ? 'Your dues for this session are paid.'
              : current.status === 'verified'
                ? `Dues for ${current.session.year}: ${formatNaira(current.dues)}. Pay them and send the proof below to become a financial member.`
                : `Your membership has not been verified by the association yet. Dues for ${current.session.year}: ${formatNaira(current.dues)}.`}
          </p>
        </div>
      ) : (
        <p className="text-slate-700">No session is open for dues yet.</p>
      )}
      {current && current.status !== 'financial' ? (
        pending ? (
          <p role="status" className="rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-950">
            Your proof of payment of {formatNaira(pending.amount)} is waiting for the treasurer.
          </p>
        ) : (
          <ProofForm dues={current.dues} year={current.session.year} />
        )
      ) : null}
      {payments.length > 0 ? <PaymentList payments={payments} /> : null}
      {history.length > 0 ? (
        <div>
          <h3 className="text-base font-bold text-navy-900">Earlier sessions</h3>
          <ul className="mt-2 divide-y divide-slate-200 text-sm">
            {history.map((h) => (
              <li key={h.year} className="flex justify-between gap-3 py-1.5">
                <span className="font-medium">{h.year}</span>
                <span className={h.financial ? 'font-semibold text-green-800' : 'text-slate-700'}>{h.financial ? 'Financial member' : 'Dues not paid'}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function PaymentList({ payments }: { payments: MemberPayment[] }) {
  const when = useDateFormat();
  return (
    <div>
      <h3 className="text-base font-bold text-navy-900">Your payments</h3>
      <ul className="mt-2 flex flex-col gap-2">
        {payments.map((p) => (
          <li key={p.id} className="rounded-xl border border-slate-200 px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">
                {p.session_year}: {formatNaira(p.amount)}
              </span>
              <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', PAYMENT_STYLE[p.status])}>{PAYMENT_STATUS_LABELS[p.status]}</span>
            </div>
            <p className="mt-1 text-slate-700">
              {p.has_proof ? 'Sent' : 'Recorded'} {when.date(p.created_at)}
              {p.reference ? ` · Reference ${p.reference}` : ''}
            </p>
            {p.reason && (p.status === 'rejected' || p.status === 'void') ? <p className="mt-1 text-slate-800">Reason: {p.reason}</p> : null}
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {p.receipt_number ? (
                <Link to={paths.receipt.href(p.id)} className="font-semibold text-brand-700 underline underline-offset-2">
                  Receipt {p.receipt_number}
                </Link>
              ) : null}
              {p.has_proof ? (
                <button
                  type="button"
                  className="font-medium text-brand-700 underline underline-offset-2"
                  onClick={async () => {
                    if (!(await openProof(p.id))) flash.error('The proof of payment could not be opened.');
                  }}
                >
                  View proof
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The proof of payment: the file (image or PDF), the amount paid and the bank's reference. */
function ProofForm({ dues, year }: { dues: number; year: string }) {
  const send = useSendProof();
  const fileId = useId();
  const [amount, setAmount] = useState(String(dues));
  const [reference, setReference] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ amount?: string; reference?: string; proof?: string; form?: string }>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = proofFieldsSchema.safeParse({ amount, reference });
    const next: typeof errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as 'amount' | 'reference'] ??= issue.message;
    if (!file) next.proof = FINANCE_MSG.proofRequired;
    else if (file.size > FINANCE_LIMITS.proofPdfMaxBytes) next.proof = FINANCE_MSG.proofTooLarge;
    setErrors(next);
    if (Object.keys(next).length > 0 || !file) return;
    send.mutate(
      { proof: file, amount, reference },
      {
        onSuccess: (res) => flash.success(res.message),
        onError: (error) => setErrors({ form: errorMessage(error) }),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4" aria-label={`Proof of payment for ${year}`}>
      <h3 className="text-base font-bold text-navy-900">Send your proof of payment</h3>
      <FormError>{errors.form}</FormError>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Amount paid (₦)" inputMode="numeric" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
        <TextField label="Payment reference" hint="The reference on your bank transfer or teller" autoComplete="off" value={reference} onChange={(e) => setReference(e.target.value)} error={errors.reference} />
      </div>
      <div>
        <label htmlFor={fileId} className="mb-1 block text-sm font-semibold text-slate-800">
          Proof of payment
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          aria-describedby={`${fileId}-hint${errors.proof ? ` ${fileId}-error` : ''}`}
          aria-invalid={errors.proof ? true : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-sky-100 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
        />
        <p id={`${fileId}-hint`} className="mt-1 text-sm text-slate-600">
          A photo or screenshot (JPEG, PNG, WebP) or a PDF, at most 5 MB.
        </p>
        {errors.proof ? (
          <p id={`${fileId}-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors.proof}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Proof of Payment'}
        </Button>
      </div>
    </form>
  );
}
