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
  recoveryCodeUsed: 'That recovery code was already used. Each recovery code works once: use another one.',
  resetOwn: 'You cannot reset your own two-factor authentication. Ask another super admin, or use npm run create-admin on the server.',
  resetNotOn: 'This admin does not have two-factor authentication on.',
  resetDone: (name: string) => `Two-factor authentication of ${name} is reset. Their sessions have ended; they sign in with their password and can set it up again.`,
  resetConfirm: (name: string) =>
    `Reset the two-factor authentication of ${name}? Their authenticator app and recovery codes stop working, all their sessions end, and they are told by e-mail. They sign in with their password alone until they set it up again.`,
} as const;

/** The machine-readable reason of a 403 that asks an admin to set up two-factor authentication first. */
export const MFA_SETUP_REQUIRED = 'MFA_SETUP_REQUIRED';

export const RECOVERY_CODE_COUNT = 10;

// Request schemas (zod) are in schemas/mfa.ts, so that this module holds no zod.
export type { MfaLoginInput } from './schemas/mfa.ts';

// Response shapes: zod schemas in schemas/auth.ts; their wire types are re-exported here.
export type { MfaChallengeResponse, MfaSetupResponse, MfaStatus, RecoveryCodesResponse, SecuritySettings } from './schemas/auth.ts';
