import type { AdminRole, AdminRoleCreateInput, AdminRoleResponse, AdminRoleUpdateInput, AdminRolesResponse } from '@aesa/shared/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// Admin roles: GET/POST /admin/roles, PATCH/DELETE /admin/roles/{id}.

export const superKeys = {
  all: ['admin', 'super'] as const,
  roles: () => [...superKeys.all, 'roles'] as const,
  users: () => [...superKeys.all, 'users'] as const,
};

export async function getAdminRoles(signal?: AbortSignal): Promise<AdminRole[]> {
  return (await api.get<AdminRolesResponse>('/admin/roles', { signal })).roles;
}

export const adminRolesQueryOptions = () => queryOptions({ queryKey: superKeys.roles(), queryFn: ({ signal }) => getAdminRoles(signal), retry: false });
export const useAdminRoles = () => useQuery(adminRolesQueryOptions());

export const createAdminRole = (input: AdminRoleCreateInput) => api.post<AdminRoleResponse>('/admin/roles', input);
// A change or delete names the version it was made from (If-Match); a stale one is refused with 409 EDIT_CONFLICT.
export const updateAdminRole = (id: string, version: number, input: AdminRoleUpdateInput) => api.patch<AdminRoleResponse>(`/admin/roles/${encodeURIComponent(id)}`, input, { version });
export const deleteAdminRole = (id: string, version: number) => api.delete(`/admin/roles/${encodeURIComponent(id)}`, undefined, { version });

/** A super admin write: the roles and the admin users lists (which show role names and counts) refresh after it. */
export function useSuperMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: superKeys.all });
      // The signed-in admin's own flags may have changed with a role.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'me'] });
    },
  });
}
