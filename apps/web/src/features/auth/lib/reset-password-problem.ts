import { newPasswordField } from '@aesa/shared/auth';
import { MSG } from '@aesa/shared/messages';

/**
 * The reset screen's checks, in the specification's order; null when the passwords are fine.
 * The length rule is the shared one; the server also refuses common passwords and says so.
 */
export function resetPasswordProblem(newPassword: string, confirmPassword: string): string | null {
  if (!newPassword || !confirmPassword) return MSG.fillAllFields;
  if (newPassword !== confirmPassword) return MSG.passwordsMismatch;
  const parsed = newPasswordField.safeParse(newPassword);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MSG.passwordTooShort);
}
