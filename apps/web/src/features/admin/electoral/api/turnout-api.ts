import type { ReminderResponse, TurnoutResponse } from '@aesa/shared/schemas/turnout';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { electionKeys } from './elections-api.ts';

// GET /elections/{id}/turnout (counts only) and POST /elections/{id}/remind.

export const turnoutKey = (id: string) => [...electionKeys.all, 'turnout', id] as const;

/** How often the counts are read again while voting is open and the dialog shows them. */
export const TURNOUT_LIVE_REFRESH_MS = 5_000;

/** `live`: voting is open, so the counts move; once it has closed they are read once. */
export const useTurnout = (id: string, live: boolean) =>
  useQuery({
    queryKey: turnoutKey(id),
    queryFn: ({ signal }) => api.get<TurnoutResponse>(`/elections/${encodeURIComponent(id)}/turnout`, { signal }),
    retry: false,
    // The results dialog moves with every vote: the turnout beside it must not lag a minute behind.
    refetchInterval: live ? TURNOUT_LIVE_REFRESH_MS : false,
  });

export function useRemind(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReminderResponse>(`/elections/${encodeURIComponent(id)}/remind`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: turnoutKey(id) }),
  });
}
