import type { MemberRoleBulkInput, MemberRoleBulkResponse } from '@aesa/shared/schemas/exports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dataKeys } from './member-roles.ts';

/** POST /admin/member-roles/bulk: the roles named by id or by the screen's filter get `set`; answers how many matched and changed. */
export const bulkUpdateMemberRoles = (body: MemberRoleBulkInput) => api.post<MemberRoleBulkResponse>('/admin/member-roles/bulk', body);

/** After a bulk action the list is loaded again: rows may leave the filter (verified ones leave "Not verified"). */
export function useBulkUpdateMemberRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateMemberRoles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataKeys.memberRoles() }),
  });
}
