import type { LoginInput, LoginResponse, SignupInput } from '@aesa/shared/auth';
import type { MfaChallengeResponse } from '@aesa/shared/mfa';
import { api } from '@/lib/api-client.ts';

// The four guest calls of spec 01 §7; the session calls (me, logout) live in lib/auth.ts.

export interface MessageResponse {
  success: boolean;
  message?: string;
  error?: string;
}

/** POST /auth/token. A 401 here means wrong credentials, not an expired session. */
export const login = (input: LoginInput) =>
  api.post<LoginResponse | MfaChallengeResponse | (MessageResponse & { token?: undefined })>('/auth/token', input, {
    sessionExpiryOn401: false,
  });

export const signup = (input: SignupInput) => api.post<MessageResponse>('/auth/signup', input);

export const requestPasswordReset = (email: string) => api.post<MessageResponse>('/auth/forgot-password', { email });

export const confirmPasswordReset = (token: string, newPassword: string) =>
  api.post<MessageResponse>('/auth/reset-password-confirm', { token, new_password: newPassword });

/** POST /auth/confirm-email: the token of the link sent to a new e-mail address. */
export const confirmEmailChange = (token: string) =>
  api.post<MessageResponse & { email?: string; signed_in?: boolean }>('/auth/confirm-email', { token });
