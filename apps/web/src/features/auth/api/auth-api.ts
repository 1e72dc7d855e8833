import type { ConfirmEmailResponse, LoginInput, LoginOrChallengeResponse, MessageResponse, SignupInput } from '@aesa/shared/auth';
import { api } from '@/lib/api-client.ts';

// The guest calls; the session calls (me, logout) live in lib/auth.ts. A refusal arrives as a
// failed call (the API client throws it with the server's message), never as a 2xx answer.

/** POST /auth/token: a session, or a second-factor challenge. A 401 here means wrong credentials, not an expired session. */
export const login = (input: LoginInput) => api.post<LoginOrChallengeResponse>('/auth/token', input, { sessionExpiryOn401: false });

export const signup = (input: SignupInput) => api.post<MessageResponse>('/auth/signup', input);

export const requestPasswordReset = (email: string) => api.post<MessageResponse>('/auth/forgot-password', { email });

export const confirmPasswordReset = (token: string, newPassword: string) =>
  api.post<MessageResponse>('/auth/reset-password-confirm', { token, new_password: newPassword });

/** POST /auth/confirm-email: the token of the link sent to a new e-mail address. */
export const confirmEmailChange = (token: string) => api.post<ConfirmEmailResponse>('/auth/confirm-email', { token });
