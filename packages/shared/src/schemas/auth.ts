import * as z from 'zod';
import { EMAIL_PATTERN, passwordLength } from '../auth.ts';
import { isOneCharacterRepeated, PASSWORD_RULE_MSG } from '../password-rules.ts';
import { LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { coded } from './coded.ts';
import { idSchema, okMessageSchema, okSchema, type WireOf } from './envelope.ts';

// The requests of sign-up, sign-in, the password routes and the e-mail confirmation, and the
// answers of those and of the second factor. The server and the forms validate with these.
// ---------------------------------------------------------------------------------------------
// Requests

const requiredString = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

export const emailField = (requiredMessage: string = MSG.emailRequired) =>
  requiredString(requiredMessage)
    .max(LIMITS.emailMax, { error: MSG.emailInvalid })
    .regex(EMAIL_PATTERN, { error: MSG.emailInvalid })
    .transform((e) => e.toLowerCase());

// Matric numbers are compared upper-cased, so "ae/20/001" and "AE/20/001" are one account.
export const matricField = requiredString(MSG.matricRequired)
  .max(LIMITS.matricMax, { error: `Matric number must be at most ${LIMITS.matricMax} characters` })
  .transform((m) => m.toUpperCase());

// Every password that is set (sign-up's first password, a reset, a change, create-admin) follows
// this one rule: 8 to 128 characters, not one character repeated. The server also refuses
// passwords from a list of common ones (too large for the browser) and those that contain what
// is known of the member (password-rules.ts).
const newPasswordRule = (tooShort: string) =>
  z
    .string({ error: MSG.passwordRequired })
    // Far past any allowed password: refused before normalising a large input.
    .max(1024, { error: MSG.passwordTooLong, abort: true })
    .refine((p) => passwordLength(p) >= LIMITS.passwordMin, { error: tooShort })
    .refine((p) => passwordLength(p) <= LIMITS.passwordMax, { error: MSG.passwordTooLong })
    .refine((p) => !isOneCharacterRepeated(p), { error: PASSWORD_RULE_MSG.repeated });
export const newPasswordField = newPasswordRule(MSG.passwordTooShort);

export const signupSchema = z.object({ email: emailField(), matric_number: matricField });
export const loginSchema = z.object({
  matric_number: matricField,
  password: z.string({ error: MSG.passwordRequired }).min(1, { error: MSG.passwordRequired }).max(1024),
});
export const forgotPasswordSchema = z.object({ email: emailField(MSG.forgotEmailRequired) });
export const resetPasswordConfirmSchema = z.object({
  token: z.string(coded('AUTH_RESET_TOKEN_INVALID')).trim().min(1, coded('AUTH_RESET_TOKEN_INVALID')).max(200, coded('AUTH_RESET_TOKEN_INVALID')),
  new_password: newPasswordField,
});
export const changePasswordSchema = z.object({
  current_password: z.string({ error: MSG.currentPasswordRequired }).min(1, { error: MSG.currentPasswordRequired }).max(1024),
  new_password: newPasswordField,
});
/**
 * A change-password form: the request's fields and a confirmation that must equal the new
 * password (each field shows its own message). `tooShort` is the length rule's wording only.
 */
const changePasswordForm = (tooShort: string) =>
  changePasswordSchema.extend({ new_password: newPasswordRule(tooShort), confirm_password: z.string() }).superRefine((v, ctx) => {
    if (v.confirm_password !== v.new_password) ctx.addIssue({ code: 'custom', message: MSG.newPasswordsMismatch, path: ['confirm_password'] });
  });
/** The settings modal's change-password form. */
export const changePasswordFormSchema = changePasswordForm(MSG.passwordTooShort);
/** The own profile's change-password form: the same rules; its length message names the new password. */
export const profileChangePasswordFormSchema = changePasswordForm(MSG.newPasswordTooShort);

/**
 * The reset-password form: one message for the whole form, the first that applies of: both
 * fields filled, the two equal, then the new-password rule of the request.
 */
export const resetPasswordFormSchema = z
  .object({ new_password: z.string(), confirm_password: z.string() })
  .superRefine((v, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['root'] });
    if (!v.new_password || !v.confirm_password) return problem(MSG.fillAllFields);
    if (v.new_password !== v.confirm_password) return problem(MSG.passwordsMismatch);
    const parsed = resetPasswordConfirmSchema.shape.new_password.safeParse(v.new_password);
    if (!parsed.success) problem(parsed.error.issues[0]?.message ?? MSG.passwordTooShort);
  });

/** The current password that confirms a sensitive change (the e-mail address); checked by the server. */
export const currentPasswordField = z.string({ error: MSG.currentPasswordRequired }).max(1024);

export const settingsProfileSchema = z.object({
  name: requiredString(MSG.nameRequired).max(LIMITS.nameMax),
  email: emailField(),
  phone_number: z.string().trim().max(32).optional().or(z.literal('')),
  current_password: currentPasswordField.optional(),
});

/** POST /auth/confirm-email: the token of the link sent to the new address. */
export const confirmEmailSchema = z.object({ token: z.string(coded('EMAIL_CHANGE_LINK_INVALID')).trim().min(1, coded('EMAIL_CHANGE_LINK_INVALID')).max(200) });

export type SignupInput = z.infer<typeof signupSchema>;
export type LoginInput = z.infer<typeof loginSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

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
export type MeResponse = WireOf<typeof meResponse>;
export type LoginResponse = WireOf<typeof loginResponse>;
export type MfaChallengeResponse = WireOf<typeof mfaChallengeResponse>;
export type LoginOrChallengeResponse = WireOf<typeof loginOrChallengeResponse>;
export type MessageResponse = WireOf<typeof messageResponse>;
export type MfaStatus = WireOf<typeof mfaStatusResponse>;
export type MfaSetupResponse = WireOf<typeof mfaSetupResponse>;
export type RecoveryCodesResponse = WireOf<typeof recoveryCodesResponse>;
export type SecuritySettings = WireOf<typeof securitySettingsResponse>;
export type ConfirmEmailResponse = WireOf<typeof confirmEmailResponse>;
