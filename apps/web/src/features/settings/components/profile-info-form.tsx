import type { SessionUser } from '@aesa/shared/auth';
import { EMAIL_CHANGE_MSG, MSG } from '@aesa/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ContactInfoFields } from '@/components/contact-info-fields.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { refreshUser, updateSessionUser } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import { type ProfileInfoInput, updateProfileInfo } from '../api/settings-api.ts';
import { emailChanged } from '@/lib/email-change.ts';

export function ProfileInfoForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  // The account's address when the form is checked: a new one needs the current password.
  const accountEmail = useRef(user.email);
  accountEmail.current = user.email;
  const form = useZodForm(
    () =>
      import('@aesa/shared/schemas/auth').then((m) =>
        m.settingsProfileSchema.superRefine((v, ctx) => {
          if (emailChanged(accountEmail.current, v.email) && !v.current_password) {
            ctx.addIssue({ code: 'custom', message: EMAIL_CHANGE_MSG.passwordRequired, path: ['current_password'] });
          }
        }),
      ),
    { defaultValues: { name: user.name ?? '', email: user.email ?? '', phone_number: user.phone_number ?? '', current_password: '' } },
  );
  // The server's word after an e-mail change was asked for: it happens when the link is followed.
  const [pendingNote, setPendingNote] = useState<string | null>(null);
  const changingEmail = emailChanged(user.email, form.watch('email'));

  const mutation = useMutation({
    mutationFn: updateProfileInfo,
    onSuccess: (res, input) => {
      // The e-mail stays the current one until the link is followed; name and phone are saved.
      updateSessionUser({ ...user, name: input.name, phone_number: input.phone_number || null });
      if (res.pending_email) {
        setPendingNote(res.message ?? EMAIL_CHANGE_MSG.linkSent(res.pending_email));
        flash.success(res.message ?? EMAIL_CHANGE_MSG.linkSent(res.pending_email));
        form.setValue('email', user.email ?? '');
        form.setValue('current_password', '');
      } else {
        flash.success(MSG.profileUpdated);
      }
      // The profile screens read the same fields; the server's view of the user wins.
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void refreshUser();
    },
    onError: (error) => {
      // A 401 has already ended the session, with its own message and a trip to /login.
      if (isApiError(error) && error.status === 401) return;
      fail(isApiError(error) ? error.message : undefined);
    },
  });

  function fail(detail?: string) {
    form.setFormError(detail && detail !== MSG.profileUpdateFailed ? detail : null);
    flash.error(MSG.profileUpdateFailed);
  }

  function onSubmit({ current_password, ...fields }: { name: string; email: string; phone_number?: string; current_password?: string }) {
    const input: ProfileInfoInput = { ...fields, phone_number: fields.phone_number ?? '' };
    if (emailChanged(user.email, fields.email)) input.current_password = current_password;
    mutation.mutate(input);
  }

  return (
    <Form form={form} onSubmit={onSubmit} onSubmitCapture={() => setPendingNote(null)} className="space-y-4">
      <ContactInfoFields field={form.field} changingEmail={changingEmail} pendingNote={pendingNote} />
      <FormActions label="Save Changes" busy={mutation.isPending} />
    </Form>
  );
}
