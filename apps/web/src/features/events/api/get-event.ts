import type { EventItem, EventResponse } from '@aesa/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /api/events/{id} (public): one event, past or upcoming, whatever its status. */
export async function getEvent(id: string, signal?: AbortSignal): Promise<EventItem> {
  return (await api.get<EventResponse>(`/events/${encodeURIComponent(id)}`, { signal })).event;
}

export const eventQueryOptions = (id: string) => queryOptions({ queryKey: ['events', 'one', id], queryFn: ({ signal }) => getEvent(id, signal) });

export const useEvent = (id: string) => useQuery(eventQueryOptions(id));
