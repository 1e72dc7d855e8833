import type { EventItem, EventsResponse } from '@aesa/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /api/events (public): upcoming events, soonest first; read as an array or {data}. */
export async function getUpcomingEvents(signal?: AbortSignal): Promise<EventItem[]> {
  const body = await api.get<EventsResponse | EventItem[]>('/events', { signal });
  if (Array.isArray(body)) return body;
  return Array.isArray(body?.data) ? body.data : [];
}

export const upcomingEventsQueryOptions = () =>
  queryOptions({ queryKey: ['events', 'upcoming'], queryFn: ({ signal }) => getUpcomingEvents(signal) });

export const useUpcomingEvents = () => useQuery(upcomingEventsQueryOptions());
