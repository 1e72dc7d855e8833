import type { AdminMeResponse, AdminModuleName } from '@aesa/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { hasAdminAccess, useUser } from './auth.ts';

// Which admin modules the signed-in member may use (GET /api/admin/me). The dashboard's cards and
// every module screen read it, and so do two public screens (whether unpublished results may be
// opened): it is a few lines of query, not admin screen code, and lives in the entry's reach.
// The server checks the same flags on every admin call anyway.

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

/** Whether the answer lets its holder use a module: the server says so per module (its flag, or super admin). */
export function canUseModule(me: Pick<AdminMeResponse, 'modules'> | undefined, module: AdminModuleName): boolean {
  return !!me?.modules[module];
}

/** Whether the signed-in member may open results before they are published: electoral (or super) admins. */
export function useCanSeeUnpublishedResults(): boolean {
  const user = useUser();
  const me = useQuery({ ...adminMeQueryOptions(user?.id), enabled: !!user && hasAdminAccess(user) });
  return canUseModule(me.data, 'electoral');
}
