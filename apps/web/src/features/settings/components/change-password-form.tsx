import { MSG } from '@aesa/shared/messages';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { FormError, PasswordField } from '@/components/ui/field.tsx';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { isApiError } from '@/lib/api-client.ts';
import { flash } from '@/lib/flash.ts';
import { changePassword } from '../api/settings-api.ts';
import { changePasswordErrors } from '../lib/change-password-errors.ts';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

export function ChangePasswordForm() {
  const form = useFormFields(EMPTY);

  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: (res) => {
      if (!res.success) return fail(res.error || res.message);
      form.setValues(EMPTY);
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    if (!form.showErrors(changePasswordErrors(form.values))) return;
    mutation.mutate({ current_password: form.values.current_password, new_password: form.values.new_password });
  }

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError>{form.formError}</FormError>
      <PasswordField label="Current Password" autoComplete="current-password" {...form.field('current_password')} />
      <PasswordField label="New Password" autoComplete="new-password" {...form.field('new_password')} />
      <PasswordField label="Confirm New Password" autoComplete="new-password" {...form.field('confirm_password')} />
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
