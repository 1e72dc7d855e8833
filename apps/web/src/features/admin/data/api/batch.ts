import type { MemberRoleBatchResponse } from '@aesa/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { BatchItemBody } from '../lib/batch-items.ts';
import { dataKeys } from './member-roles.ts';

/** POST /admin/member-roles/batch {items} → {results: {updated, inserted, failed}}. */
export const runBatchUpdate = (items: BatchItemBody[]) => api.post<MemberRoleBatchResponse>('/admin/member-roles/batch', { items });

export function useBatchUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBatchUpdate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataKeys.memberRoles() }),
  });
}
