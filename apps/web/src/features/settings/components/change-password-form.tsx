import { MSG } from '@aesa/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { PasswordField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { flash } from '@/lib/flash.ts';
import { changePassword } from '../api/settings-api.ts';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

export function ChangePasswordForm() {
  const form = useZodForm(() => import('@aesa/shared/schemas/auth').then((m) => m.changePasswordFormSchema), { defaultValues: EMPTY });

  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      form.reset(EMPTY);
      flash.success(MSG.passwordChanged);
    },
    onError: (error) => {
      // A 401 has already ended the session, with its own message and a trip to /login.
      if (isApiError(error) && error.status === 401) return;
      fail(isApiError(error) ? error.message : undefined);
    },
  });

  function fail(detail?: string) {
    form.setFormError(detail || MSG.passwordChangeFailed);
    flash.error(MSG.passwordChangeFailedFlash);
  }

  return (
    <Form
      form={form}
      onSubmit={({ current_password, new_password }) => mutation.mutate({ current_password, new_password })}
      className="space-y-4"
    >
      <PasswordField label="Current Password" autoComplete="current-password" {...form.field('current_password')} />
      <PasswordField label="New Password" autoComplete="new-password" {...form.field('new_password')} />
      <PasswordField label="Confirm New Password" autoComplete="new-password" {...form.field('confirm_password')} />
      <FormActions label="Change Password" busy={mutation.isPending} />
    </Form>
  );
}
