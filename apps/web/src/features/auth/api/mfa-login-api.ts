import type { LoginResponse } from '@aesa/shared/auth';
import type { MfaChallengeResponse, MfaLoginInput } from '@aesa/shared/mfa';
import { api } from '@/lib/api-client.ts';

/** Whether POST /auth/token asked for the second step (an account with two-factor authentication on). */
export function isMfaChallenge(res: unknown): res is MfaChallengeResponse {
  const body = res as Partial<MfaChallengeResponse> | null;
  return !!body && body.mfa_required === true && typeof body.mfa_token === 'string';
}

/** POST /auth/token/mfa: the challenge and a code give the session. A 401 is a wrong code or an expired challenge. */
export const completeMfaLogin = (input: MfaLoginInput) =>
  api.post<LoginResponse>('/auth/token/mfa', input, { sessionExpiryOn401: false });
