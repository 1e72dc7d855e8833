import type { ReminderResponse, TurnoutResponse } from '@aesa/shared/schemas/turnout';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { electionKeys } from './elections-api.ts';

// GET /elections/{id}/turnout (counts only) and POST /elections/{id}/remind.

export const turnoutKey = (id: string) => [...electionKeys.all, 'turnout', id] as const;

export const useTurnout = (id: string) =>
  useQuery({
    queryKey: turnoutKey(id),
    queryFn: ({ signal }) => api.get<TurnoutResponse>(`/elections/${encodeURIComponent(id)}/turnout`, { signal }),
    retry: false,
    // Votes come in while the dialog is open: a fresh count every minute.
    refetchInterval: 60_000,
  });

export function useRemind(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReminderResponse>(`/elections/${encodeURIComponent(id)}/remind`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: turnoutKey(id) }),
  });
}
