// Two-factor authentication (TOTP) for officers: request schemas, answers and texts shared by
// the server and the screens.
import { z } from 'zod';

export const MFA_MSG = {
  codeRequired: 'Enter the 6-digit code from your authenticator app or a recovery code.',
  codeInvalid: 'That code is not right. Check your authenticator app and try again.',
  passwordRequired: 'Enter your current password.',
  passwordWrong: 'Current password is incorrect',
  challengeExpired: 'Your sign-in has expired. Please log in again.',
  adminsOnly: 'Two-factor authentication is available to administrators.',
  alreadyOn: 'Two-factor authentication is already on for your account.',
  notOn: 'Two-factor authentication is not on for your account.',
  noPendingSetup: 'Start the setup again: scan a new QR code.',
  setupRequired: 'Two-factor authentication is required for administrators. Set it up in Settings.',
  requireOwnFirst: 'Turn on two-factor authentication for your own account before requiring it of all admins.',
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  codesRegenerated: 'New recovery codes made. The old ones no longer work.',
  settingsSaved: 'Security settings saved.',
} as const;

/** The machine-readable reason of a 403 that asks an admin to set up two-factor authentication first. */
export const MFA_SETUP_REQUIRED = 'MFA_SETUP_REQUIRED';

export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit authenticator code, or a recovery code (letters, digits, dashes and spaces). */
export const mfaCodeField = z
  .string({ error: MFA_MSG.codeRequired })
  .trim()
  .min(1, { error: MFA_MSG.codeRequired })
  .max(64, { error: MFA_MSG.codeInvalid });

const passwordField = z.string({ error: MFA_MSG.passwordRequired }).min(1, { error: MFA_MSG.passwordRequired }).max(1024);

export const mfaLoginSchema = z.object({
  mfa_token: z.string({ error: MFA_MSG.challengeExpired }).min(20, { error: MFA_MSG.challengeExpired }).max(200, { error: MFA_MSG.challengeExpired }),
  code: mfaCodeField,
});
export const mfaConfirmSchema = z.object({ code: mfaCodeField });
/** Turning it off and making new recovery codes both need the password and a current code. */
export const mfaReauthSchema = z.object({ password: passwordField, code: mfaCodeField });
export const securitySettingsSchema = z.object({ require_admin_mfa: z.boolean({ error: 'Must be true or false' }) });

export type MfaLoginInput = z.infer<typeof mfaLoginSchema>;

// Response shapes: zod schemas in schemas/auth.ts; their wire types are re-exported here.
export type { MfaChallengeResponse, MfaSetupResponse, MfaStatus, RecoveryCodesResponse, SecuritySettings } from './schemas/auth.ts';
