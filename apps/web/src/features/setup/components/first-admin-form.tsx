import { LIMITS } from '@aesa/shared/constants';
import { MSG } from '@aesa/shared/messages';
import { SETUP_MSG, firstAdminFieldsSchema } from '@aesa/shared/setup';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { FormError, PasswordField, TextField } from '@/components/ui/field.tsx';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { isApiError } from '@/lib/api-client.ts';
import { fieldErrors } from '@/lib/form-errors.ts';
import { createFirstAdmin } from '../api/setup-api.ts';

type Field = 'name' | 'email' | 'matric_number' | 'password' | 'confirm_password';

/** The first administrator's details; the shared rules check them here and again on the server. */
export function FirstAdminForm({ token, onCreated }: { token: string; onCreated: (message: string) => void }) {
  const form = useFormFields<Field>({ name: '', email: '', matric_number: '', password: '', confirm_password: '' });

  const mutation = useMutation({
    mutationFn: createFirstAdmin,
    onSuccess: (res) => (res.success ? onCreated(res.message || SETUP_MSG.created) : form.setFormError(res.error || SETUP_MSG.failed)),
    onError: (error) => form.setFormError(isApiError(error) ? error.message : SETUP_MSG.failed),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const parsed = firstAdminFieldsSchema.safeParse(form.values);
    const errors = parsed.success ? {} : fieldErrors<Field>(parsed.error);
    if (form.values.confirm_password !== form.values.password) errors.confirm_password ??= MSG.passwordsMismatch;
    if (form.showErrors(errors) && parsed.success) mutation.mutate({ ...parsed.data, token });
  }

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError>{form.formError}</FormError>
      <TextField label="Full Name" autoComplete="name" {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...form.field('email')} />
      <TextField label="Matric Number" autoComplete="username" hint="You will log in with it." {...form.field('matric_number')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters; a long passphrase is best.`}
        {...form.field('password')}
      />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...form.field('confirm_password')} />
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating Administrator...' : 'Create Administrator'}
      </Button>
    </form>
  );
}
