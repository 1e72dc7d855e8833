import { changePasswordSchema } from '@aesa/shared/auth';
import { MSG } from '@aesa/shared/messages';
import { fieldErrors } from '@/lib/form-errors.ts';

export type Field = 'current_password' | 'new_password' | 'confirm_password';

/** Spec 01 §5 "Change password in the settings modal": one message per field. */
export function changePasswordErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const parsed = changePasswordSchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = parsed.success ? {} : fieldErrors<Field>(parsed.error);
  if (values.confirm_password !== values.new_password) errors.confirm_password = MSG.newPasswordsMismatch;
  return errors;
}
