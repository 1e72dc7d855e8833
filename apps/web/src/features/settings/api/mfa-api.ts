import type { MessageResponse } from '@aesa/shared/auth';
import type { MfaSetupResponse, MfaStatus, RecoveryCodesResponse } from '@aesa/shared/mfa';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const mfaStatusQuery = (userId: string) =>
  queryOptions({
    queryKey: ['auth', 'mfa', userId],
    queryFn: ({ signal }) => api.get<MfaStatus>('/auth/mfa', { signal }),
    retry: false,
  });

export const startMfaSetup = (password: string) => api.post<MfaSetupResponse>('/auth/mfa/setup', { password });
export const confirmMfaSetup = (input: { password: string; code: string }) => api.post<RecoveryCodesResponse>('/auth/mfa/confirm', input);
export const disableMfa = (input: { password: string; code: string }) => api.post<MessageResponse>('/auth/mfa/disable', input);
export const regenerateRecoveryCodes = (input: { password: string; code: string }) => api.post<RecoveryCodesResponse>('/auth/mfa/recovery-codes', input);
