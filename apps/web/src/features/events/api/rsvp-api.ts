import type { RsvpAnswer, RsvpResponse } from '@aesa/shared/rsvp';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// The signed-in member's answer to an event (GET/PUT /api/events/{id}/rsvp).

export const rsvpKeys = { of: (eventId: string) => ['events', eventId, 'rsvp'] as const };

const url = (eventId: string) => `/events/${encodeURIComponent(eventId)}/rsvp`;

export const rsvpQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: rsvpKeys.of(eventId), queryFn: ({ signal }) => api.get<RsvpResponse>(url(eventId), { signal }), retry: false });

export const useRsvp = (eventId: string, enabled: boolean) => useQuery({ ...rsvpQueryOptions(eventId), enabled });

/** Sends the answer; the answer the server gives back (status, waitlist place, places left) replaces the cached one. */
export function useAnswerRsvp(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: RsvpAnswer) => api.put<RsvpResponse>(url(eventId), { answer }),
    onSuccess: (data) => queryClient.setQueryData(rsvpKeys.of(eventId), data),
  });
}
