import type { EventItem, EventsResponse } from '@aesa/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** How many past events the Events page lists. */
export const PAST_EVENT_COUNT = 6;

/**
 * GET /api/events?scope=all (public, newest first): the latest events whose time has passed, so
 * that their pages stay within reach after the day.
 */
export async function getPastEvents(signal?: AbortSignal): Promise<EventItem[]> {
  const all = (await api.get<EventsResponse>('/events?scope=all&limit=100', { signal })).data;
  const now = Date.now();
  return all.filter((event) => new Date(event.event_date).getTime() < now).slice(0, PAST_EVENT_COUNT);
}

export const usePastEvents = () => useQuery(queryOptions({ queryKey: ['events', 'past'], queryFn: ({ signal }) => getPastEvents(signal) }));
