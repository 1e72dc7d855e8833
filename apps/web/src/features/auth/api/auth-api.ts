import { COME_BACK_TICKET_HEADER, type ConfirmEmailResponse, type LoginInput, type LoginOrChallengeResponse, type MessageResponse, type SignupInput } from '@aesa/shared/auth';
import { api } from '@/lib/api-client.ts';

// The guest calls; the session calls (me, logout) live in lib/auth.ts. A refusal arrives as a
// failed call (the API client throws it with the server's message), never as a 2xx answer.

/**
 * POST /auth/token: a session, or a second-factor challenge. A 401 here means wrong credentials,
 * not an expired session. `comeBackTicket`: what a busy server's refusal gave this page, sent back.
 */
export const login = (input: LoginInput, comeBackTicket?: string | null) =>
  api.post<LoginOrChallengeResponse>('/auth/token', input, { sessionExpiryOn401: false, headers: comeBackTicket ? { [COME_BACK_TICKET_HEADER]: comeBackTicket } : undefined });

export const signup = (input: SignupInput) => api.post<MessageResponse>('/auth/signup', input);

export const requestPasswordReset = (email: string) => api.post<MessageResponse>('/auth/forgot-password', { email });

export const confirmPasswordReset = (token: string, newPassword: string) =>
  api.post<MessageResponse>('/auth/reset-password-confirm', { token, new_password: newPassword });

/** POST /auth/confirm-email: the token of the link sent to a new e-mail address. */
export const confirmEmailChange = (token: string) => api.post<ConfirmEmailResponse>('/auth/confirm-email', { token });
