import type { ExecutiveAdminItem, ExecutiveCreateResponse, ExecutiveResponse, ExecutivesAdminResponse } from '@aesa/shared/admin';
import type { Position } from '@aesa/shared/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { dataKeys } from './member-roles.ts';

// Executives: GET /admin/executives → {executives, default_year},
// POST /admin/executives {user_id, position, year, is_current}, PATCH /admin/executives/{id} {year} or {end_date}.

/** The office records, and the session a new executive is proposed for (`default_year`). */
export async function getExecutives(signal?: AbortSignal): Promise<{ executives: ExecutiveAdminItem[]; default_year: string }> {
  const { executives, default_year } = await api.get<ExecutivesAdminResponse>('/admin/executives', { signal });
  return { executives, default_year };
}

export const executivesQueryOptions = () =>
  queryOptions({ queryKey: dataKeys.executives(), queryFn: ({ signal }) => getExecutives(signal), retry: false });

export const useExecutives = () => useQuery(executivesQueryOptions());

export const createExecutive = (input: { user_id: string; position: Position; year: string; is_current: true }) =>
  api.post<ExecutiveCreateResponse>('/admin/executives', input);

/** Sends the version the record was read at (If-Match): a stale one is refused with 409 EDIT_CONFLICT. */
export const updateExecutive = (id: string, version: number, change: { year: string } | { end_date: string }) =>
  api.patch<ExecutiveResponse>(`/admin/executives/${encodeURIComponent(id)}`, change, { version });

/** An executive write: the offices are loaded again when it settles, failed or not. */
export function useExecutiveMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: dataKeys.executives() });
      // The public About page and directory show the executives too.
      await queryClient.invalidateQueries({ queryKey: ['executives'] });
    },
  });
}
