import * as z from 'zod';
import { MFA_MSG } from '../mfa.ts';
import { coded } from './coded.ts';

// The requests of the second factor: signing in with a code, turning it on and off, the security
// setting. Their answers are in schemas/auth.ts.

/** A 6-digit authenticator code, or a recovery code (letters, digits, dashes and spaces). */
export const mfaCodeField = z
  .string({ error: MFA_MSG.codeRequired })
  .trim()
  .min(1, { error: MFA_MSG.codeRequired })
  .max(64, coded('MFA_CODE_WRONG'));

const passwordField = z.string({ error: MFA_MSG.passwordRequired }).min(1, { error: MFA_MSG.passwordRequired }).max(1024);

export const mfaLoginSchema = z.object({
  mfa_token: z.string({ error: MFA_MSG.challengeExpired }).min(20, { error: MFA_MSG.challengeExpired }).max(200, { error: MFA_MSG.challengeExpired }),
  code: mfaCodeField,
});
// Every change of the second factor needs the current password (a session alone is not enough:
// it may be a copied one): starting the setup, confirming it, turning it off, new recovery codes.
export const mfaSetupSchema = z.object({ password: passwordField });
export const mfaConfirmSchema = z.object({ password: passwordField, code: mfaCodeField });
/** Turning it off and making new recovery codes both need the password and a current code. */
export const mfaReauthSchema = z.object({ password: passwordField, code: mfaCodeField });
export const securitySettingsSchema = z.object({ require_admin_mfa: z.boolean({ error: 'Must be true or false' }) });

export type MfaLoginInput = z.infer<typeof mfaLoginSchema>;
