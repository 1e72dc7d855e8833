import type { AdminUserCreateInput, AdminUserItem, AdminUserResponse, AdminUsersResponse } from '@aesa/shared/admin';
import type { MessageResponse } from '@aesa/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { superKeys } from './admin-roles.ts';

// Admin users: GET /admin/users → {admins}, POST /admin/users, DELETE /admin/users/{id}, POST /admin/users/{id}/mfa-reset.

export async function getAdminUsers(signal?: AbortSignal): Promise<AdminUserItem[]> {
  return (await api.get<AdminUsersResponse>('/admin/users', { signal })).admins;
}

export const adminUsersQueryOptions = () => queryOptions({ queryKey: superKeys.users(), queryFn: ({ signal }) => getAdminUsers(signal), retry: false });
export const useAdminUsers = () => useQuery(adminUsersQueryOptions());

export const createAdminUser = (input: AdminUserCreateInput) => api.post<AdminUserResponse>('/admin/users', input);
// A change or delete names the version it was made from (If-Match); a stale one is refused with 409 EDIT_CONFLICT.
export const updateAdminUser = (id: string, version: number, input: { admin_role_id: string }) => api.patch<AdminUserResponse>(`/admin/users/${encodeURIComponent(id)}`, input, { version });
/** A super admin resets another admin's second factor (their sessions end; they are told by e-mail). */
export const resetAdminMfa = (id: string) => api.post<MessageResponse>(`/admin/users/${encodeURIComponent(id)}/mfa-reset`);
export const deleteAdminUser = (id: string, version: number) => api.delete(`/admin/users/${encodeURIComponent(id)}`, undefined, { version });
