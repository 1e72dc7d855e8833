import type { LoginResponse } from '@aesa/shared/auth';
import type { MfaLoginInput } from '@aesa/shared/mfa';
import { api } from '@/lib/api-client.ts';

/** POST /auth/token/mfa: the challenge and a code give the session. A 401 is a wrong code or an expired challenge. */
export const completeMfaLogin = (input: MfaLoginInput) =>
  api.post<LoginResponse>('/auth/token/mfa', input, { sessionExpiryOn401: false });
