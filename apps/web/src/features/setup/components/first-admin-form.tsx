import { LIMITS } from '@aesa/shared/constants';
import { PASSWORD_RULE_MSG } from '@aesa/shared/password-rules';
import { SETUP_MSG } from '@aesa/shared/setup';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button.tsx';
import { PasswordField, TextField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { createFirstAdmin } from '../api/setup-api.ts';

/** The first administrator's details; the shared rules check them here and again on the server. */
export function FirstAdminForm({ token, onCreated }: { token: string; onCreated: (message: string) => void }) {
  const form = useZodForm(() => import('@aesa/shared/schemas/setup').then((m) => m.firstAdminFormSchema), {
    defaultValues: { name: '', email: '', matric_number: '', password: '', confirm_password: '' },
  });

  const mutation = useMutation({
    mutationFn: createFirstAdmin,
    onSuccess: (res) => onCreated(res.message || SETUP_MSG.created),
    onError: (error) => {
      if (!form.showRefusal(error)) form.setFormError(isApiError(error) ? error.message : SETUP_MSG.failed);
    },
  });

  return (
    <Form form={form} onSubmit={({ confirm_password: _confirmation, ...fields }) => mutation.mutate({ ...fields, token })} className="space-y-4">
      <TextField label="Full Name" autoComplete="name" {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...form.field('email')} />
      <TextField label="Matric Number" autoComplete="username" hint="You will log in with it." {...form.field('matric_number')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters; a long passphrase is best. ${PASSWORD_RULE_MSG.hint}`}
        {...form.field('password')}
      />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...form.field('confirm_password')} />
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating Administrator...' : 'Create Administrator'}
      </Button>
    </Form>
  );
}
