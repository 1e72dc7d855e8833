import { type SessionUser, settingsProfileSchema } from '@aesa/shared/auth';
import { MSG } from '@aesa/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { isApiError } from '@/lib/api-client.ts';
import { refreshUser, updateSessionUser } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import { type ProfileInfoInput, updateProfileInfo } from '../api/settings-api.ts';

export function ProfileInfoForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const form = useFormFields({ name: user.name ?? '', email: user.email ?? '', phone_number: user.phone_number ?? '' });

  const mutation = useMutation({
    mutationFn: updateProfileInfo,
    onSuccess: (res, input) => {
      if (!res.success) return fail(res.error || res.message);
      updateSessionUser({ ...user, name: input.name, email: input.email, phone_number: input.phone_number || null });
      flash.success(MSG.profileUpdated);
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
    const parsed = form.validate(settingsProfileSchema);
    if (!parsed) return;
    const input: ProfileInfoInput = { ...parsed, phone_number: parsed.phone_number ?? '' };
    mutation.mutate(input);
  }

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError>{form.formError}</FormError>
      <TextField label="Full Name" autoComplete="name" required {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <TextField label="Phone Number" type="tel" autoComplete="tel" hint="Optional" {...form.field('phone_number')} />
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
