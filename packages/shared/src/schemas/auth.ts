import { z } from 'zod';
import { idSchema, okMessageSchema, okSchema, type WireOf } from './envelope.ts';

// The answers of sign-up, sign-in, the password routes, the e-mail confirmation and the second factor.

/** The signed-in user as the client keeps it. */
export const sessionUserSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  avatar: z.string().nullable(),
  matric_number: z.string(),
  app_metadata: z.object({ roles: z.array(z.string()) }),
  admin_type: z.string().nullable(),
  admin_role: z.string().nullable(),
});

const sessionFields = { token: z.string(), user: sessionUserSchema, expires_at: z.string() };
export const loginResponse = okSchema(sessionFields);
/** For an account with two-factor authentication on, the password step answers a challenge. */
export const mfaChallengeResponse = okSchema({ mfa_required: z.literal(true), mfa_token: z.string(), expires_at: z.string() });
export const loginOrChallengeResponse = z.union([loginResponse, mfaChallengeResponse]);
export const meResponse = okSchema({ user: sessionUserSchema });
export const messageResponse = okMessageSchema;

export const confirmEmailResponse = okSchema({
  message: z.string(),
  email: z.string(),
  /** Whether the browser that opened the link is still signed in afterwards. */
  signed_in: z.boolean(),
});

export const mfaStatusResponse = okSchema({
  /** Only accounts with admin rights may turn it on. */
  available: z.boolean(),
  enabled: z.boolean(),
  /** A super admin requires it of every admin. */
  required: z.boolean(),
  recovery_codes_remaining: z.number().int(),
});
export const mfaSetupResponse = okSchema({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The URI's QR code: one string per row, '1' for a dark square. */
  qr: z.array(z.string()),
});
export const recoveryCodesResponse = okSchema({ message: z.string(), recovery_codes: z.array(z.string()) });
export const securitySettingsResponse = okSchema({
  message: z.string().optional(),
  require_admin_mfa: z.boolean(),
  updated_at: z.string().nullable(),
});

export type SessionUser = WireOf<typeof sessionUserSchema>;
export type LoginResponse = WireOf<typeof loginResponse>;
export type MfaChallengeResponse = WireOf<typeof mfaChallengeResponse>;
export type MfaStatus = WireOf<typeof mfaStatusResponse>;
export type MfaSetupResponse = WireOf<typeof mfaSetupResponse>;
export type RecoveryCodesResponse = WireOf<typeof recoveryCodesResponse>;
export type SecuritySettings = WireOf<typeof securitySettingsResponse>;
export type ConfirmEmailResponse = WireOf<typeof confirmEmailResponse>;
