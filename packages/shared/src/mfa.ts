// Two-factor authentication (TOTP) for officers: the texts and rules shared by the server and the
// screens.

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

// Request schemas (zod) are in schemas/mfa.ts, so that this module holds no zod.
export type { MfaLoginInput } from './schemas/mfa.ts';

// Response shapes: zod schemas in schemas/auth.ts; their wire types are re-exported here.
export type { MfaChallengeResponse, MfaSetupResponse, MfaStatus, RecoveryCodesResponse, SecuritySettings } from './schemas/auth.ts';
