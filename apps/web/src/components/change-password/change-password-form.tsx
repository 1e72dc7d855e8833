import { MSG } from '@aesa/shared/messages';
import { PASSWORD_RULE_MSG } from '@aesa/shared/password-rules';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { AlertMessageDialog } from '@/components/ui/alert-dialog.tsx';
import { PasswordField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { flash } from '@/lib/flash.ts';
import { changePassword } from './api.ts';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/** The alert the own profile shows when a change is refused. */
export const passwordChangeFailed = (message?: string) => `Error changing password: ${message || MSG.passwordChangeFailed}`;

/**
 * The one change-password form, in the Settings dialog's tab and on the own profile. Both check
 * with the shared change-password rules (current password, the new-password rule of decision 014,
 * a matching confirmation). Where they differ, as the two screens always have:
 * - 'settings': the refusal under its field (else above the fields) and a toast;
 * - 'profile': the length message names the new password, the submit button waits until all
 *   three fields are filled and the two new ones match, and a refusal opens the alert
 *   "Error changing password: {message}".
 */
export function ChangePasswordForm({ variant = 'settings', onChanged }: { variant?: 'settings' | 'profile'; onChanged?: () => void }) {
  const profile = variant === 'profile';
  const form = useZodForm(
    () => import('@aesa/shared/schemas/auth').then((m) => (profile ? m.profileChangePasswordFormSchema : m.changePasswordFormSchema)),
    { defaultValues: EMPTY },
  );
  const [alert, setAlert] = useState<string | null>(null);
  const [current, next, confirm] = form.watch(['current_password', 'new_password', 'confirm_password']);
  const incomplete = profile && (!current || !next || !confirm || next !== confirm);

  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      form.reset(EMPTY);
      flash.success(MSG.passwordChanged);
      onChanged?.();
    },
    onError: (error) => {
      // A 401 has already ended the session, with its own message and a trip to /login.
      if (isApiError(error) && error.status === 401) return;
      const detail = isApiError(error) ? error.message : undefined;
      if (profile) return setAlert(passwordChangeFailed(detail));
      flash.error(MSG.passwordChangeFailedFlash);
      // A wrong current password is said under that field; other refusals above the fields.
      if (!form.showRefusal(error)) form.setFormError(detail || MSG.passwordChangeFailed);
    },
  });

  return (
    <>
      <Form
        form={form}
        onSubmit={({ current_password, new_password }) => mutation.mutate({ current_password, new_password })}
        className="space-y-4"
      >
        <PasswordField label="Current Password" autoComplete="current-password" {...form.field('current_password')} />
        <PasswordField label="New Password" autoComplete="new-password" hint={PASSWORD_RULE_MSG.hint} {...form.field('new_password')} />
        <PasswordField label="Confirm New Password" autoComplete="new-password" {...form.field('confirm_password')} />
        {profile && next && confirm && confirm.length >= next.length && next !== confirm && !form.errorOf('confirm_password') ? (
          // Said once the confirmation is typed out: the button below stays disabled until they match.
          <p role="status" className="text-sm font-medium text-red-700">
            {MSG.newPasswordsMismatch}
          </p>
        ) : null}
        <FormActions label="Change Password" busy={mutation.isPending} disabled={incomplete} />
      </Form>
      {profile ? <AlertMessageDialog title="Password Not Changed" message={alert} onClose={() => setAlert(null)} /> : null}
    </>
  );
}
