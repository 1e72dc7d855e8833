import type { CheckInInput, CheckInResponse, CheckInsResponse } from '@aesa/shared/check-in';
import type { EventResponse } from '@aesa/shared/events';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// The door of an event: the event, its check-ins, and a check-in by code or matric number.

const checkInKeys = {
  event: (id: string) => ['admin', 'events', id] as const,
  list: (id: string) => ['admin', 'events', id, 'check-ins'] as const,
};

export const useAdminEvent = (id: string) =>
  useQuery(queryOptions({ queryKey: checkInKeys.event(id), queryFn: async ({ signal }) => (await api.get<EventResponse>(`/admin/events/${encodeURIComponent(id)}`, { signal })).event, retry: false }));

export const useEventCheckIns = (id: string) =>
  useQuery(queryOptions({ queryKey: checkInKeys.list(id), queryFn: ({ signal }) => api.get<CheckInsResponse>(`/admin/events/${encodeURIComponent(id)}/check-ins`, { signal }), retry: false }));

/** Checks a member in; the list is refreshed whatever the answer. */
export function useCheckIn(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInInput) => api.post<CheckInResponse>(`/admin/events/${encodeURIComponent(eventId)}/check-in`, input),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: checkInKeys.list(eventId) }),
  });
}
