import type { PickerUser } from '@aesa/shared/admin';
import { FINANCE_MSG, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, formatNaira, type AdminPayment, type PaymentMethod } from '@aesa/shared/finance';
import { cashPaymentSchema, paymentApproveSchema, paymentReasonSchema } from '@aesa/shared/schemas/finance';
import type { CashPaymentInput, PaymentApproveInput, PaymentReasonInput } from '@aesa/shared/finance';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '@/components/ui/field.tsx';
import { useZodForm } from '@/components/ui/form.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { decide, recordPayment, useFinanceMutation } from '../api/finance.ts';

// The officer's decisions on a payment, each in a dialog: approve (what was received, as
// checked against the bank statement), reject or void (with the reason the member is e-mailed),
// and a payment received at the desk. Each decision sends the version it was made on; if another
// officer decided first the server answers 409 and the list shows their decision.

export type PaymentAction = { kind: 'approve' | 'reject' | 'void'; payment: AdminPayment } | { kind: 'record'; member: PickerUser };

export function PaymentActionDialog({ action, onClose }: { action: PaymentAction | null; onClose: () => void }) {
  const title = !action
    ? ''
    : action.kind === 'record'
      ? `Record a payment from ${action.member.name}`
      : `${action.kind === 'approve' ? 'Approve' : action.kind === 'reject' ? 'Reject' : 'Void'} payment of ${action.payment.member_name}`;
  const description = !action
    ? undefined
    : action.kind === 'approve'
      ? `Check the amount, method and reference against what was received. The member gets a receipt number and an e-mail.`
      : action.kind === 'record'
        ? 'A payment received in person: it is approved at once and the member gets a receipt by e-mail.'
        : action.kind === 'reject'
          ? 'The member is e-mailed the reason and may send a new proof.'
          : 'The payment stops counting; its receipt number is never reused. The member is e-mailed the reason.';
  return (
    <Dialog open={!!action} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} description={description}>
        {action?.kind === 'approve' ? <ApproveForm payment={action.payment} onDone={onClose} /> : null}
        {action?.kind === 'reject' || action?.kind === 'void' ? <ReasonForm kind={action.kind} payment={action.payment} onDone={onClose} /> : null}
        {action?.kind === 'record' ? <RecordForm member={action.member} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const methodOptions = PAYMENT_METHODS.map((m) => (
  <option key={m} value={m}>
    {PAYMENT_METHOD_LABELS[m]}
  </option>
));

type AmountValues = { amount: string; method: PaymentMethod; reference: string };

function ApproveForm({ payment, onDone }: { payment: AdminPayment; onDone: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const form = useZodForm<AmountValues, PaymentApproveInput>(paymentApproveSchema, {
    defaultValues: { amount: String(payment.amount), method: payment.method, reference: payment.reference ?? '' },
  });
  const save = useFinanceMutation(decide);
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { kind: 'approve', id: payment.id, version: payment.version, amount: input.amount, method: input.method, reference: input.reference },
      {
        onSuccess: (res) => {
          flash.success(`${res.message} Receipt ${res.payment.receipt_number}.`);
          onDone();
        },
        onError: async (error) => {
          if (form.showRefusal(error)) return;
          onDone();
          await alertFailure(error, (m) => `Error approving payment: ${m}`);
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-5">
      <FormError>{form.formError}</FormError>
      <p className="text-sm text-slate-700">
        Sent: {formatNaira(payment.amount)}
        {payment.reference ? `, reference ${payment.reference}` : ''}
      </p>
      <TextField label="Amount received (₦)" inputMode="numeric" autoComplete="off" {...form.field('amount')} />
      <SelectField label="Method" {...form.field('method')}>
        {methodOptions}
      </SelectField>
      <TextField label="Reference" autoComplete="off" {...form.field('reference')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Approving...' : 'Approve Payment'}
        </Button>
      </div>
    </form>
  );
}

function ReasonForm({ kind, payment, onDone }: { kind: 'reject' | 'void'; payment: AdminPayment; onDone: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const form = useZodForm<{ reason: string }, PaymentReasonInput>(paymentReasonSchema, { defaultValues: { reason: '' } });
  const save = useFinanceMutation(decide);
  const verb = kind === 'reject' ? 'Reject' : 'Void';
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { kind, id: payment.id, version: payment.version, reason: input.reason },
      {
        onSuccess: (res) => {
          flash.success(res.message);
          onDone();
        },
        onError: async (error) => {
          if (form.showRefusal(error)) return;
          onDone();
          await alertFailure(error, (m) => `Error: ${m}`);
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-5">
      <TextAreaField label="Reason" hint="The member reads this in the e-mail." rows={3} {...form.field('reason')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : `${verb} Payment`}
        </Button>
      </div>
    </form>
  );
}

function RecordForm({ member, onDone }: { member: PickerUser; onDone: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const form = useZodForm<AmountValues & { user_id: string }, CashPaymentInput>(cashPaymentSchema, {
    defaultValues: { user_id: member.id, amount: '', method: 'cash', reference: '' },
  });
  const save = useFinanceMutation(recordPayment);
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { user_id: input.user_id, amount: input.amount, method: input.method, reference: input.reference ?? null },
      {
        onSuccess: (res) => {
          flash.success(`${res.message} Receipt ${res.payment.receipt_number}.`);
          onDone();
        },
        onError: (error) => {
          if (!form.showRefusal(error)) void alertFailure(error, (m) => `Error recording payment: ${m}`);
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-5">
      {form.errorOf('user_id') ? <FormError>{FINANCE_MSG.memberRequired}</FormError> : null}
      <TextField label="Amount received (₦)" inputMode="numeric" autoComplete="off" {...form.field('amount')} />
      <SelectField label="Method" {...form.field('method')}>
        {methodOptions}
      </SelectField>
      <TextField label="Reference" hint="A receipt book number or a POS slip, if any" autoComplete="off" {...form.field('reference')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Recording...' : 'Record Payment'}
        </Button>
      </div>
    </form>
  );
}
