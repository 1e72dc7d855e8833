import { dictionary } from '@zxcvbn-ts/language-common';
import { LIMITS } from '@aesa/shared/constants';
import { normalizePassword, passwordLength } from '@aesa/shared/auth';
import { newPasswordField } from '@aesa/shared/schemas/auth';
import { coded } from '@aesa/shared/schemas/coded';

// The common-passwords list of zxcvbn-ts (MIT; about 49,000 passwords most often found in
// breaches), loaded once when the server starts. Only entries long enough to pass the length rule
// can matter; they are kept lower-case and compared without regard to case, since "Password1" is
// as easily guessed as "password1".
const COMMON: ReadonlySet<string> = new Set(
  dictionary['passwords-common'].map((p) => normalizePassword(String(p)).toLowerCase()).filter((p) => passwordLength(p) >= LIMITS.passwordMin),
);

/** The number of list entries the rule uses (at least 10,000). */
export const commonPasswordCount = COMMON.size;

export function isCommonPassword(password: string): boolean {
  return COMMON.has(normalizePassword(password).toLowerCase());
}

/** The server's rule for a password being set: the shared length rule, then not a common password. */
export const allowedNewPassword = newPasswordField.refine((p) => !isCommonPassword(p), coded('AUTH_PASSWORD_TOO_COMMON'));

