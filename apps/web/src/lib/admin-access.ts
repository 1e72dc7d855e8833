import type { AdminMeResponse, AdminModuleName } from '@aesa/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { useUser } from './auth.ts';

// Which admin modules the signed-in member may use (GET /api/admin/me). The dashboard's cards and
// every module screen read it; the server checks the same flags on every admin call anyway.

export type { AdminModuleName };

export const adminMeQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['admin', 'me', userId ?? 'anonymous'],
    queryFn: ({ signal }) => api.get<AdminMeResponse>('/admin/me', { signal }),
    enabled: !!userId,
    staleTime: 60_000,
    // A failure is shown with Try Again at once rather than after a minute of silent retries.
    retry: false,
  });

export function useAdminMe() {
  const user = useUser();
  return useQuery(adminMeQueryOptions(user?.id));
}

/** Whether the answer lets its holder use a module (spec 02 §6: its flag, or super admin; 'super' only for super admins). */
export function canUseModule(me: Pick<AdminMeResponse, 'flags' | 'modules'> | undefined, module: AdminModuleName): boolean {
  if (!me) return false;
  if (me.modules && typeof me.modules[module] === 'boolean') return me.modules[module];
  const flags = me.flags;
  if (!flags) return false;
  if (module === 'super') return flags.is_super_admin;
  const own = {
    editorial: flags.is_editorial_admin,
    electoral: flags.is_electoral_admin,
    event: flags.is_event_admin,
    email: flags.is_email_admin,
    data: flags.is_data_admin,
  }[module];
  return own || flags.is_super_admin;
}
