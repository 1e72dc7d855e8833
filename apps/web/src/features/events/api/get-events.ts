import type { EventItem, EventsResponse } from '@aesa/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /api/events (public): upcoming events, soonest first. */
export async function getUpcomingEvents(signal?: AbortSignal): Promise<EventItem[]> {
  return (await api.get<EventsResponse>('/events', { signal })).data;
}

export const upcomingEventsQueryOptions = () =>
  queryOptions({ queryKey: ['events', 'upcoming'], queryFn: ({ signal }) => getUpcomingEvents(signal) });

export const useUpcomingEvents = () => useQuery(upcomingEventsQueryOptions());
