import type { SecuritySettings } from '@aesa/shared/mfa';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const securitySettingsQuery = queryOptions({
  queryKey: ['admin', 'security-settings'],
  queryFn: ({ signal }) => api.get<SecuritySettings>('/admin/security-settings', { signal }),
  retry: false,
});

export const saveSecuritySettings = (input: { require_admin_mfa: boolean }) =>
  api.put<SecuritySettings & { message: string }>('/admin/security-settings', input);
