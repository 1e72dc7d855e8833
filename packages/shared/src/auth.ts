// The sign-up, sign-in and password rules both sides apply. This module holds no zod, so that the
// public pages can use the rules without it; the request schemas built from them are in
// schemas/auth.ts.

// A simple address pattern, as the spec says; the server also lower-cases and trims.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Passwords are compared in Unicode NFKC form, so that the same characters typed on another
 * keyboard or system are the same password; the server hashes this form.
 */
export const normalizePassword = (password: string) => password.normalize('NFKC');

/** A password's length in characters (code points of its NFKC form), as the length rule counts it. */
export const passwordLength = (password: string) => [...normalizePassword(password)].length;

/**
 * A sign-in turned away by a busy server carries, beside Retry-After, a signed ticket naming the
 * moment it was given; a sign-in that sends it back in this header at that moment is taken as due
 * by whichever server process it reaches (decision 089).
 */
export const COME_BACK_TICKET_HEADER = 'Come-Back-Ticket';

// Request schemas (zod) are in schemas/auth.ts.
export type { LoginInput, SignupInput } from './schemas/auth.ts';

// Response shapes: zod schemas in schemas/auth.ts; their wire types are re-exported here.
export type { ConfirmEmailResponse, LoginOrChallengeResponse, LoginResponse, MeResponse, MessageResponse, SessionUser } from './schemas/auth.ts';
