import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { EMAIL_CHANGE_MSG, MSG } from './messages.ts';

// A simple address pattern, as the spec says; the server also lower-cases and trims.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

/**
 * Passwords are compared in Unicode NFKC form, so that the same characters typed on another
 * keyboard or system are the same password; the server hashes this form.
 */
export const normalizePassword = (password: string) => password.normalize('NFKC');

/** A password's length in characters (code points of its NFKC form), as the length rule counts it. */
export const passwordLength = (password: string) => [...normalizePassword(password)].length;

// Every password that is set (sign-up's first password, a reset, a change, create-admin) follows
// this one rule: 8 to 128 characters, nothing else demanded of its content. The server also
// refuses passwords from a list of common ones (too large for the browser).
export const newPasswordField = z
  .string({ error: MSG.passwordRequired })
  // Far past any allowed password: refused before normalising a large input.
  .max(1024, { error: MSG.passwordTooLong, abort: true })
  .refine((p) => passwordLength(p) >= LIMITS.passwordMin, { error: MSG.passwordTooShort })
  .refine((p) => passwordLength(p) <= LIMITS.passwordMax, { error: MSG.passwordTooLong });

export const signupSchema = z.object({ email: emailField(), matric_number: matricField });
export const loginSchema = z.object({
  matric_number: matricField,
  password: z.string({ error: MSG.passwordRequired }).min(1, { error: MSG.passwordRequired }).max(1024),
});
export const forgotPasswordSchema = z.object({ email: emailField(MSG.forgotEmailRequired) });
export const resetPasswordConfirmSchema = z.object({
  token: requiredString(MSG.resetTokenInvalid).max(200),
  new_password: newPasswordField,
});
export const changePasswordSchema = z.object({
  current_password: z.string({ error: MSG.currentPasswordRequired }).min(1, { error: MSG.currentPasswordRequired }).max(1024),
  new_password: newPasswordField,
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
export const confirmEmailSchema = z.object({ token: requiredString(EMAIL_CHANGE_MSG.tokenInvalid).max(200) });

export type SignupInput = z.infer<typeof signupSchema>;
export type LoginInput = z.infer<typeof loginSchema>;

// Response shapes: zod schemas in schemas/auth.ts; their wire types are re-exported here.
export type { LoginResponse, SessionUser } from './schemas/auth.ts';
