import { ADMIN_MSG, type BulkEmailSendResponse, type PickerUser, type SuperBulkEmailInput } from '@aesa/shared/admin';
import { LIMITS } from '@aesa/shared/constants';
import { superBulkEmailSchema } from '@aesa/shared/schemas/admin';
import { useState } from 'react';
import { RecipientGroupsField } from '@/components/admin/recipient-groups-field.tsx';
import { BulkEmailStatus } from '@/components/bulk-email-status/bulk-email-status.tsx';
import { Button } from '@/components/ui/button.tsx';
import { TextAreaField, TextField } from '@/components/ui/field.tsx';
import { errorAt, useZodForm } from '@/components/ui/form.tsx';
import { SelectedUsersPreview } from '@/components/user-picker/selected-users-preview.tsx';
import { UserPickerDialog } from '@/components/user-picker/user-picker-dialog.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { useConfirmedBulkSend } from '@/lib/bulk-email-send.ts';
import { flash } from '@/lib/flash.ts';
import { sendBulkEmail } from '../api/send-bulk-email.ts';
import { type BulkEmailFormValues, SUPER_RECIPIENT_GROUPS, bulkEmailInput } from '../lib/bulk-email-form.ts';

const sentText = (n: number) => `Sent to ${n} recipient${n === 1 ? '' : 's'}`;

/** Bulk Email: subject and message, recipient roles and/or specific users. */
export function BulkEmailTab() {
  const { notify } = useAdminDialogs();
  const form = useZodForm<BulkEmailFormValues<PickerUser>, SuperBulkEmailInput>(superBulkEmailSchema, {
    defaultValues: { subject: '', body: '', roles: [], users: [] },
    toInput: bulkEmailInput,
  });
  const roles = form.watch('roles');
  const users = form.watch('users');
  const [picking, setPicking] = useState(false);
  const [result, setResult] = useState<BulkEmailSendResponse | null>(null);
  const send = useConfirmedBulkSend(sendBulkEmail, (response) => {
    setResult(response);
    flash.success(sentText(response.recipients_count));
    form.reset();
  });

  const onSubmit = form.handleSubmit(send.sendChecked, (errors) => {
    // The fields' messages show under them; nobody to send to is the spec's alert, once the message itself is ready.
    if (!errors.subject && !errors.body) notify(errorAt(errors, 'recipient_roles') ?? ADMIN_MSG.selectRecipientRoleOrUsers);
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="text-lg font-bold text-navy-900">Send a bulk email</h2>
        <TextField label="Subject" required maxLength={LIMITS.bulkSubjectMax} autoComplete="off" {...form.field('subject')} />
        <TextAreaField label="Message" required rows={8} {...form.field('body')} />

        <RecipientGroupsField groups={SUPER_RECIPIENT_GROUPS} chosen={roles} onChange={(chosen) => form.setValue('roles', chosen)} />

        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-sm font-semibold text-slate-800">Specific users</p>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" onClick={() => setPicking(true)}>
              {users.length > 0 ? `Change Specific Users (${users.length})` : 'Choose Specific Users'}
            </Button>
            {users.length > 0 ? (
              <Button variant="ghost" size="sm" onClick={() => form.setValue('users', [])}>
                Clear
              </Button>
            ) : null}
          </div>
          <SelectedUsersPreview users={users} label="Chosen users" />
          <p className="text-xs text-slate-600">Only members who have set their password receive bulk email; each address gets one copy.</p>
        </div>

        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Bulk Email'}
          </Button>
          <p role="status" className="text-sm font-medium text-green-800">
            {result ? `${sentText(result.recipients_count)}.` : ''}
          </p>
        </div>
      </form>
      <BulkEmailStatus highlightId={result?.bulk_email_id} className="self-start" />
      <UserPickerDialog
        mode="confirm"
        open={picking}
        onOpenChange={setPicking}
        title="Select Recipients"
        description="Tick the members who should receive this email, then confirm."
        initialSelected={users}
        onConfirm={(chosen) => form.setValue('users', chosen)}
      />
    </div>
  );
}
