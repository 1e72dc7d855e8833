import { type SessionUser, settingsProfileSchema } from '@aesa/shared/auth';
import { EMAIL_CHANGE_MSG, MSG } from '@aesa/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { FormError, PasswordField, TextField } from '@/components/ui/field.tsx';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { isApiError } from '@/lib/api-client.ts';
import { refreshUser, updateSessionUser } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import { type ProfileInfoInput, updateProfileInfo } from '../api/settings-api.ts';
import { emailChanged } from '@/lib/email-change.ts';

export function ProfileInfoForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const form = useFormFields({ name: user.name ?? '', email: user.email ?? '', phone_number: user.phone_number ?? '', current_password: '' });
  // The server's word after an e-mail change was asked for: it happens when the link is followed.
  const [pendingNote, setPendingNote] = useState<string | null>(null);
  const changingEmail = emailChanged(user.email, form.values.email);

  const mutation = useMutation({
    mutationFn: updateProfileInfo,
    onSuccess: (res, input) => {
      if (!res.success) return fail(res.error || res.message);
      // The e-mail stays the current one until the link is followed; name and phone are saved.
      updateSessionUser({ ...user, name: input.name, phone_number: input.phone_number || null });
      if (res.pending_email) {
        setPendingNote(res.message ?? EMAIL_CHANGE_MSG.linkSent(res.pending_email));
        flash.success(res.message ?? EMAIL_CHANGE_MSG.linkSent(res.pending_email));
        form.setValues((v) => ({ ...v, email: user.email ?? '', current_password: '' }));
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPendingNote(null);
    const parsed = form.validate(settingsProfileSchema);
    if (!parsed) return;
    const { current_password, ...fields } = parsed;
    const input: ProfileInfoInput = { ...fields, phone_number: fields.phone_number ?? '' };
    if (emailChanged(user.email, fields.email)) {
      if (!current_password) return void form.showErrors({ current_password: EMAIL_CHANGE_MSG.passwordRequired });
      input.current_password = current_password;
    }
    mutation.mutate(input);
  }

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError>{form.formError}</FormError>
      {pendingNote ? (
        <p role="status" className="rounded-lg bg-blue-50 px-3 py-2 text-sm font-medium text-navy-900 ring-1 ring-blue-200">
          {pendingNote}
        </p>
      ) : null}
      <TextField label="Full Name" autoComplete="name" required {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      {changingEmail ? (
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          required
          hint="Needed to change your email address. We send a confirmation link to the new address."
          {...form.field('current_password')}
        />
      ) : null}
      <TextField label="Phone Number" type="tel" autoComplete="tel" hint="Optional" {...form.field('phone_number')} />
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
