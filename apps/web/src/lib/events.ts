import { eventKind, type EventItem, type EventKind, type EventsResponse } from '@aesa/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import conferenceArt from '@/assets/art/event-conference.svg';
import otherArt from '@/assets/art/event-other.svg';
import socialArt from '@/assets/art/event-social.svg';
import visitArt from '@/assets/art/event-visit.svg';
import webinarArt from '@/assets/art/event-webinar.svg';
import workshopArt from '@/assets/art/event-workshop.svg';
import { api, isApiError } from './api-client.ts';

export { eventKind, type EventKind };

// The upcoming events (GET /api/events), shared by the Events page and the Home page's Upcoming
// Events block: both read one cached list, so the two pages always show the same events.

/** GET /api/events (public): upcoming events, soonest first. */
export async function getUpcomingEvents(signal?: AbortSignal): Promise<EventItem[]> {
  return (await api.get<EventsResponse>('/events', { signal })).data;
}

export const upcomingEventsQueryOptions = () =>
  queryOptions({ queryKey: ['events', 'upcoming'], queryFn: ({ signal }) => getUpcomingEvents(signal) });

export const useUpcomingEvents = () => useQuery(upcomingEventsQueryOptions());

/** The drawing of each kind of event (the build also hands these to the server: entry-prerender.tsx). */
export const EVENT_ART: Record<EventKind, string> = {
  workshop: workshopArt,
  webinar: webinarArt,
  visit: visitArt,
  conference: conferenceArt,
  social: socialArt,
  other: otherArt,
};

/** The picture of an event: its flyer, else the drawing for its kind. */
export function eventPicture(event: Pick<EventItem, 'flyer_image_url' | 'event_type'>): { src: string; isFlyer: boolean } {
  if (event.flyer_image_url) return { src: event.flyer_image_url, isFlyer: true };
  return { src: EVENT_ART[eventKind(event.event_type)], isFlyer: false };
}

/** The words for a failed load of the events, on both pages. */
export function eventsLoadFailure(error: unknown): string {
  return `Failed to load events: ${isApiError(error) ? error.message : 'Unknown error'}`;
}
