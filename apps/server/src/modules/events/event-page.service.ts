import { dateText, zoneNameText } from '@aesa/shared/date-text';
import type { EventCardPreview } from '@aesa/shared/event-list-preview';
import type { EventPreview } from '@aesa/shared/event-preview';
import { eventKind, type EventStatus, isUploadPath, shownEventStatus } from '@aesa/shared/events';
import { takesRsvpAnswers } from '@aesa/shared/rsvp';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventArt } from '../../plugins/web-app.ts';
import { calendarFile, type CalendarEvent } from './calendar.ts';
import { listCalendarEvents } from './event-calendar.queries.ts';
import { summary, type PageHead } from './event-page-head.ts';

/** How far back the feed reaches: a subscriber still sees what happened this term (decision 061). */
export const FEED_RECENT_DAYS = 90;
/** The most events one feed carries (far beyond what a term holds; it bounds the answer). */
const FEED_LIMIT = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

type Site = Pick<AppConfig, 'publicUrl' | 'associationName'>;

/** The event's own page: /events/{id}. */
export const eventPageUrl = (site: Site, id: string) => `${site.publicUrl}/events/${encodeURIComponent(id)}`;

const siteName = (site: Site) => `${site.associationName} Portal`;

/**
 * The picture a shared link shows: the flyer (our upload made absolute, or its own address),
 * else the drawing of the event's kind as a PNG, which the web build writes to /share.
 */
export function sharedPicture(site: Site, event: { flyer_image_url: string | null; event_type: string | null }): string {
  const flyer = event.flyer_image_url;
  if (flyer) return isUploadPath(flyer) ? `${site.publicUrl}${flyer}` : flyer;
  return `${site.publicUrl}/share/event-${eventKind(event.event_type)}.png`;
}

export function eventPageHead(
  site: Site,
  event: { id: string; title: string; description: string; flyer_image_url: string | null; event_type: string | null },
): PageHead {
  return {
    title: event.title,
    description: summary(event.description),
    image: sharedPicture(site, event),
    url: eventPageUrl(site, event.id),
    siteName: siteName(site),
  };
}

/**
 * The event as its page shows it, for the page the server sends (event-page-head.ts): the time in
 * the association's locale and zone with the pages' own formats, the status as of `now`, and the
 * picture the app shows (the flyer, else the build's drawing for the event's kind).
 */
export function eventPreview(
  config: Pick<AppConfig, 'locale' | 'timeZone'>,
  event: { id: string; title: string; description: string; event_date: Date | string; location: string; flyer_image_url: string | null; video_url: string | null; status: EventStatus; event_type: string | null },
  now: Date,
  art: EventArt,
): EventPreview {
  const settings = { locale: config.locale, timeZone: config.timeZone };
  const drawing = art[eventKind(event.event_type)];
  const picture = event.flyer_image_url ? { src: event.flyer_image_url, alt: `Flyer for ${event.title}` } : drawing ? { src: drawing, alt: '' } : null;
  const iso = new Date(event.event_date).toISOString();
  return {
    id: event.id,
    title: event.title,
    picture,
    status: shownEventStatus(event, now),
    eventType: event.event_type,
    when: { iso, day: dateText('weekdayDate', iso, settings), time: dateText('time', iso, settings), zone: zoneNameText(iso, settings) },
    location: event.location,
    description: event.description,
    videoUrl: event.video_url,
  };
}

/** The upcoming events as their cards show them to a visitor at `now` (see eventPreview). */
export function eventCardPreviews(config: Pick<AppConfig, 'locale' | 'timeZone'>, events: Parameters<typeof eventPreview>[1][], now: Date, art: EventArt): EventCardPreview[] {
  return events.map((event) => ({ ...eventPreview(config, event, now, art), answerable: takesRsvpAnswers(event, now) }));
}

/** One event's calendar file. */
export function eventCalendar(site: Site, event: CalendarEvent, now: Date): string {
  return calendarFile([event], { publicUrl: site.publicUrl, site: siteName(site), name: siteName(site), now, pageUrl: (id) => eventPageUrl(site, id) });
}

/** The feed: every upcoming event and those of the last FEED_RECENT_DAYS days, whatever their status. */
export async function eventsFeed(db: Db, site: Site, now: Date): Promise<string> {
  const rows = await listCalendarEvents(db, new Date(now.getTime() - FEED_RECENT_DAYS * DAY_MS), FEED_LIMIT);
  return calendarFile(rows, { publicUrl: site.publicUrl, site: siteName(site), name: `${siteName(site)} events`, now, pageUrl: (id) => eventPageUrl(site, id) });
}
