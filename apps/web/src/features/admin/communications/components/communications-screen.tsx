import { COMMUNICATION_GROUPS, type BulkEmailSendResponse, type CommunicationsMember, type CommunicationsSendInput } from '@aesa/shared/admin';
import { LIMITS } from '@aesa/shared/constants';
import { communicationsSendSchema } from '@aesa/shared/schemas/admin';
import { NEWSLETTER_MSG } from '@aesa/shared/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { RecipientGroupsField } from '@/components/admin/recipient-groups-field.tsx';
import { BulkEmailStatus } from '@/components/bulk-email-status/bulk-email-status.tsx';
import { Button } from '@/components/ui/button.tsx';
import { TextAreaField, TextField } from '@/components/ui/field.tsx';
import { errorAt, useZodForm } from '@/components/ui/form.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { useConfirmedBulkSend } from '@/lib/bulk-email-send.ts';
import { cn } from '@/lib/cn.ts';
import { flash } from '@/lib/flash.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { newsletterSubscribersQuery, sendCommunication } from '../api/communications.ts';
import { type CommunicationFormValues, sendInput } from '../lib/send-input.ts';
import { type Template, templates } from '../lib/templates.ts';
import { MemberPickerTable } from './member-picker-table.tsx';

// Email & Communications: send an email to role groups or to chosen members,
// with quick templates, a character counter, guidelines, and the delivery state of each send.
export function CommunicationsScreen() {
  return <CommunicationsBody />;
}

const sentText = (n: number) => `Email queued for ${n} recipient${n === 1 ? '' : 's'}`;

function CommunicationsBody() {
  const { confirmAction, notify } = useAdminDialogs();
  const { association_name } = useSiteConfig();
  const ids = useId();
  const form = useZodForm<CommunicationFormValues<CommunicationsMember>, CommunicationsSendInput>(communicationsSendSchema, {
    defaultValues: { subject: '', body: '', mode: 'roles', groups: [], members: [], include_newsletter: false },
    toInput: sendInput,
  });
  const [result, setResult] = useState<BulkEmailSendResponse | null>(null);
  const [subject, body, mode, groups, members, includeNewsletter] = form.watch(['subject', 'body', 'mode', 'groups', 'members', 'include_newsletter']);
  const subscribers = useQuery(newsletterSubscribersQuery);
  const send = useConfirmedBulkSend(sendCommunication, (response) => {
    setResult(response);
    flash.success(sentText(response.recipients_count));
    form.reset({ subject: '', body: '', mode, groups: [], members: [], include_newsletter: false });
  });

  // The send button is disabled until the whole form passes, so every rule is
  // checked on each change, not only the field being typed in.
  const { trigger } = form;
  const recipientsKey = mode === 'roles' ? groups.join() : members.map((m) => m.id).join();
  useEffect(() => {
    void trigger();
  }, [trigger, subject, body, mode, recipientsKey]);

  const { dirtyFields, isDirty, isValid } = form.formState;
  const subjectError = form.errorOf('subject');
  const bodyError = form.errorOf('body');
  // Nothing is said about an empty form (a new one, or one just sent and cleared): only once the
  // officer has started one. Then a field's message shows under it once it has been typed in, and
  // until then the first one says why the button is disabled.
  const recipientsError = isDirty ? form.errorOf('recipients') : undefined;
  const blocker = isDirty ? (!dirtyFields.subject && subjectError) || (!dirtyFields.body && bodyError) || null : null;
  const set = { shouldDirty: true } as const;

  async function applyTemplate(template: Template) {
    if ((subject.trim() || body.trim()) && !await confirmAction(`Replace the current subject and message with the ${template.name} template?`)) return;
    form.setValue('subject', template.subject, set);
    form.setValue('body', template.body, set);
    flash.info(`${template.name} template applied: replace the [bracketed] parts before sending.`);
  }

  const onSubmit = form.handleSubmit(send.sendChecked, (errors) => {
    const noRecipients = errorAt(errors, 'recipients');
    if (noRecipients && !errors.subject && !errors.body) notify(noRecipients);
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-col gap-6">
        <section aria-labelledby={`${ids}-templates`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <h2 id={`${ids}-templates`} className="text-lg font-bold text-navy-900">
            Quick templates
          </h2>
          <p className="mt-1 text-sm text-slate-600">Fill the subject and the message from a template, then edit them.</p>
          <div className="mt-3 grid gap-2 sm:grid-cols-3">
            {templates(association_name).map((template) => (
              <Button key={template.name} variant="outline" className="h-auto min-h-10 py-2" onClick={() => applyTemplate(template)}>
                {template.name}
              </Button>
            ))}
          </div>
        </section>

        <section aria-labelledby={`${ids}-recipients`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <h2 id={`${ids}-recipients`} className="text-lg font-bold text-navy-900">
            Recipients
          </h2>
          <fieldset className="mt-3">
            <legend className="mb-2 text-sm font-semibold text-slate-800">Send to</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(
                [
                  ['roles', 'By role', 'Everyone in the groups you tick'],
                  ['members', 'Specific members', 'Members you choose from the list'],
                ] as const
              ).map(([value, label, hint]) => (
                <label key={value} className={cn('flex cursor-pointer items-start gap-3 rounded-lg border p-3', mode === value ? 'border-brand-600 bg-sky-50' : 'border-slate-300')}>
                  <input type="radio" value={value} {...form.register('mode')} className="mt-0.5 size-5 shrink-0 accent-brand-600" />
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{label}</span>
                    <span className="block text-xs text-slate-600">{hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="mt-4">
            {mode === 'roles' ? (
              <RecipientGroupsField groups={COMMUNICATION_GROUPS} chosen={groups} onChange={(chosen) => form.setValue('groups', chosen, set)} />
            ) : (
              <MemberPickerTable selected={members} onChange={(chosen) => form.setValue('members', chosen, set)} />
            )}
          </div>
          {subscribers.data !== undefined ? (
            <label className="mt-4 flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-900">
              <input type="checkbox" checked={!!includeNewsletter} onChange={(e) => form.setValue('include_newsletter', e.target.checked, set)} className="size-5 shrink-0 accent-brand-600" />
              {NEWSLETTER_MSG.alsoSubscribers(subscribers.data)}
            </label>
          ) : null}
          {recipientsError && !send.isPending ? (
            <p id={`${ids}-recipients-problem`} className="mt-3 text-sm text-slate-700">
              {recipientsError}
            </p>
          ) : null}
        </section>

        <section aria-labelledby={`${ids}-compose`} className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <h2 id={`${ids}-compose`} className="text-lg font-bold text-navy-900">
            Message
          </h2>
          <TextField
            label="Subject"
            maxLength={LIMITS.bulkSubjectMax}
            autoComplete="off"
            hint={<Counter ok={!isDirty || !subjectError} text={`${subject.length}/${LIMITS.bulkSubjectMax} characters (at least ${LIMITS.bulkSubjectMin})`} />}
            {...form.field('subject')}
            error={dirtyFields.subject ? subjectError : undefined}
          />
          <TextAreaField
            label="Message"
            rows={10}
            hint={<Counter ok={!isDirty || !bodyError} text={`${body.length} characters (at least ${LIMITS.bulkBodyMin})`} />}
            {...form.field('body')}
            error={dirtyFields.body ? bodyError : undefined}
          />
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center">
            <Button
              type="submit"
              size="lg"
              disabled={send.isPending || form.formState.isSubmitting || !isValid}
              aria-describedby={[blocker ? `${ids}-blocker` : null, recipientsError ? `${ids}-recipients-problem` : null].filter(Boolean).join(' ') || undefined}
            >
              {send.isPending ? 'Sending...' : 'Send Email'}
            </Button>
            {blocker && !send.isPending ? (
              <p id={`${ids}-blocker`} className="text-sm text-slate-700">
                {blocker}
              </p>
            ) : null}
          </div>
          <p role="status" className="text-sm font-medium text-green-800">
            {result ? `${sentText(result.recipients_count)}. Delivery is shown under Delivery status.` : ''}
          </p>
        </section>
      </form>

      <div className="flex min-w-0 flex-col gap-6">
        <Guidelines />
        <BulkEmailStatus highlightId={result?.bulk_email_id} />
      </div>
    </div>
  );
}

function Counter({ text, ok }: { text: string; ok: boolean }) {
  return <span className={ok ? 'text-slate-600' : 'text-amber-800'}>{text}</span>;
}

function Guidelines() {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:p-5">
      <h2 id={id} className="text-lg font-bold">
        Guidelines
      </h2>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm">
        <li>Keep the subject short and specific (5 to 255 characters).</li>
        <li>Say what, when and where first; details after.</li>
        <li>Write to the whole group: no personal data about other members.</li>
        <li>Replace every [bracketed] part of a template before sending.</li>
        <li>Only members with a confirmed e-mail address receive it, one copy each.</li>
        <li>Sending cannot be undone: check the recipients and read the message once more.</li>
      </ul>
    </section>
  );
}
