import type { EventCreateInput, EventItem, EventResponse, EventsResponse, EventUpdateInput } from '@aesa/shared/events';
import type { AttendeesResponse } from '@aesa/shared/rsvp';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// Event Management calls; the answers' types are the shared response schemas.

export const adminEventKeys = { all: ['admin', 'events'] as const };

export async function listAdminEvents(signal?: AbortSignal): Promise<EventItem[]> {
  return (await api.get<EventsResponse>('/admin/events', { signal })).data;
}

export const adminEventsQueryOptions = () =>
  queryOptions({ queryKey: adminEventKeys.all, queryFn: ({ signal }) => listAdminEvents(signal), retry: false });

export const useAdminEvents = () => useQuery(adminEventsQueryOptions());

/** GET /admin/events/{id}/attendees: the answers, going first, then the waitlist in order, then not going. */
export const useEventAttendees = (eventId: string) =>
  useQuery({
    queryKey: [...adminEventKeys.all, eventId, 'attendees'],
    queryFn: ({ signal }) => api.get<AttendeesResponse>(`/admin/events/${encodeURIComponent(eventId)}/attendees`, { signal }),
    retry: false,
  });

export const createEvent = (input: EventCreateInput) => api.post<EventResponse>('/admin/events', input);
/** A change or delete names the version it was made from (If-Match); a stale one is refused with 409 EDIT_CONFLICT. */
export const updateEvent = (id: string, version: number, input: EventUpdateInput) => api.patch<EventResponse>(`/admin/events/${encodeURIComponent(id)}`, input, { version });
export const deleteEvent = (id: string, version: number) => api.delete(`/admin/events/${encodeURIComponent(id)}`, undefined, { version });

/** A mutation that refreshes the event list (and the public one) when it settles. */
export function useEventMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
