import type { MemberRole, MemberRoleListResponse, MemberRoleWriteResponse } from '@aesa/shared/elections';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { editConflictOf } from '@/lib/edit-conflict.ts';

// Member roles: GET /admin/member-roles?search=&verified=&limit=&offset= →
// {data, total} and PATCH /admin/member-roles/{id} with verified_by_admin or is_current.

export const dataKeys = {
  all: ['admin', 'data'] as const,
  memberRoles: () => [...dataKeys.all, 'member-roles'] as const,
  executives: () => [...dataKeys.all, 'executives'] as const,
};

export interface MemberRoleQuery {
  search: string;
  verified: '' | 'true' | 'false';
  limit: number;
  offset: number;
}

export interface MemberRolePage {
  roles: MemberRole[];
  total: number;
}

export async function getMemberRoles(query: MemberRoleQuery, signal?: AbortSignal): Promise<MemberRolePage> {
  const { data, total } = await api.get<MemberRoleListResponse>('/admin/member-roles', {
    signal,
    query: { search: query.search.trim() || undefined, verified: query.verified || undefined, limit: query.limit, offset: query.offset },
  });
  return { roles: data, total };
}

export const memberRolesQueryOptions = (query: MemberRoleQuery) =>
  queryOptions({
    queryKey: [...dataKeys.memberRoles(), query.search.trim(), query.verified, query.limit, query.offset] as const,
    queryFn: ({ signal }) => getMemberRoles(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useMemberRoles = (query: MemberRoleQuery) => useQuery(memberRolesQueryOptions(query));

export type MemberRoleChange = { verified_by_admin: boolean } | { is_current: boolean };

/** Sends the version the role was read at (If-Match): a stale one is refused with 409 EDIT_CONFLICT. */
export const updateMemberRole = (id: string, version: number, change: MemberRoleChange) =>
  api.patch<MemberRoleWriteResponse>(`/admin/member-roles/${encodeURIComponent(id)}`, change, { version });

/**
 * A toggle: the answer replaces the row where it is shown (the list keeps its order until it is
 * loaded again, so the row does not jump away from under the pointer).
 */
export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, change }: { id: string; version: number; change: MemberRoleChange }) => updateMemberRole(id, version, change),
    onSuccess: (response) => replace(response.member_role),
    // A stale toggle: the row shows the role as it is now (and its version), so the next toggle is made from it.
    onError: (error) => {
      const conflict = editConflictOf<MemberRole>(error);
      if (conflict) replace(conflict.current);
    },
  });
  function replace(updated: MemberRole) {
    queryClient.setQueriesData<MemberRolePage>({ queryKey: dataKeys.memberRoles() }, (page) =>
      page ? { ...page, roles: page.roles.map((r) => (r.id === updated.id ? updated : r)) } : page,
    );
  }
}
