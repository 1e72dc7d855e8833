import { LIMITS } from '@aesa/shared/constants';
import { MSG } from '@aesa/shared/messages';

/** Spec 01 §5 "Reset password", checked in the spec's order; null when the passwords are fine. */
export function resetPasswordProblem(newPassword: string, confirmPassword: string): string | null {
  if (!newPassword || !confirmPassword) return MSG.fillAllFields;
  if (newPassword !== confirmPassword) return MSG.passwordsMismatch;
  if (newPassword.length < LIMITS.passwordMin) return MSG.passwordTooShort;
  if (newPassword.length > LIMITS.passwordMax) return MSG.passwordTooLong;
  return null;
}
