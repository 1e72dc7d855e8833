import type { HandOverApplyResult, HandOverPreview } from '@aesa/shared/schemas/hand-over';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dataKeys } from './member-roles.ts';

// The hand-over to the next session: GET /admin/hand-over (the preview) and
// POST /admin/hand-over {to_year, exclude} (start it).

const handOverKey = [...dataKeys.all, 'hand-over'] as const;

export const handOverQueryOptions = () =>
  queryOptions({ queryKey: handOverKey, queryFn: ({ signal }) => api.get<HandOverPreview>('/admin/hand-over', { signal }), retry: false });

export const useHandOverPreview = () => useQuery(handOverQueryOptions());

export function useStartSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { to_year: string; exclude: string[] }) => api.post<HandOverApplyResult>('/admin/hand-over', input, { timeoutMs: 120_000 }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataKeys.all }),
  });
}
