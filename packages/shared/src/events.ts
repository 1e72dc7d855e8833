// Events: the rules and texts shared by the server and the screens. The zod schemas (requests
// and answers) are in schemas/events.ts.
import { EVENT_STATUSES, LIMITS } from './constants.ts';

export type EventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_MSG = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${LIMITS.titleMax} characters`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${LIMITS.textMax} characters`,
  dateRequired: 'Event date is required',
  dateInvalid: 'Event date must be a valid date and time (ISO 8601 with a time zone, e.g. 2025-03-14T10:00:00Z)',
  locationRequired: 'Location is required',
  locationTooLong: 'Location must be at most 200 characters',
  statusInvalid: `Status must be one of ${EVENT_STATUSES.join(', ')}`,
  typeTooLong: 'Event type must be at most 60 characters',
  /** The flyer is an image: an http(s) address or one of our uploads. */
  flyerUrlInvalid: 'Please enter a valid image URL (starting with http:// or https://) or upload an image',
  /** The video is a recording or livestream link: an http(s) address. */
  videoUrlInvalid: 'Please enter a valid video URL (starting with http:// or https://)',
  notFound: 'Event not found',
  nothingToUpdate: 'Nothing to update',
} as const;

export const EVENT_STATUS_LABEL: Record<EventStatus, string> = {
  upcoming: 'Upcoming',
  done: 'Done',
  cancelled: 'Cancelled',
  postponed: 'Postponed',
  past: 'Past',
};

/**
 * The status a member reads on a card or the event's page: upcoming, postponed, cancelled or
 * done. An event still marked upcoming whose time has passed is done (nobody has to mark it);
 * "past" is the older word for done.
 */
export type EventShownStatus = 'upcoming' | 'postponed' | 'cancelled' | 'done';

export function shownEventStatus(event: { status: EventStatus; event_date: string | Date }, now: Date): EventShownStatus {
  if (event.status === 'cancelled' || event.status === 'postponed') return event.status;
  if (event.status === 'done' || event.status === 'past') return 'done';
  return new Date(event.event_date).getTime() < now.getTime() ? 'done' : 'upcoming';
}

/** The kinds of event that have their own picture (on the cards and in shared links). */
export type EventKind = 'workshop' | 'webinar' | 'visit' | 'conference' | 'social' | 'other';
export const EVENT_KINDS = ['workshop', 'webinar', 'visit', 'conference', 'social', 'other'] as const satisfies readonly EventKind[];

// The event type is free text (the admin form only suggests names), so the kind is read from
// whole words in it, first match wins; a type that names none of them, or no type, is "other".
const KIND_WORDS: readonly [EventKind, RegExp][] = [
  ['webinar', /\b(webinars?|online|virtual|livestream|live stream)\b/i],
  ['workshop', /\b(workshops?|hands-on|hackathons?|bootcamps?|training|build)\b/i],
  ['visit', /\b(visits?|tours?|excursions?|field trips?)\b/i],
  ['conference', /\b(conferences?|seminars?|symposium|summit|lectures?|colloquium|talks?)\b/i],
  ['social', /\b(social|party|dinner|picnic|hangout|get-together|meet-?ups?|games?|sports?)\b/i],
];

export function eventKind(eventType: string | null | undefined): EventKind {
  const type = eventType?.trim() ?? '';
  return KIND_WORDS.find(([, words]) => words.test(type))?.[0] ?? 'other';
}

/** An http(s) address with a host (what a flyer or video link may be). */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** One of our uploaded files ("/uploads/..."), never a path that climbs out of it. */
export const isUploadPath = (value: string) => /^\/uploads\/[A-Za-z0-9/_.-]+$/.test(value) && !value.includes('..');

/** What an image link (a flyer) may be: an uploaded image or an http(s) address. Forms preview only these. */
export const isImageLink = (value: string) => isUploadPath(value) || isHttpUrl(value);

// Request schemas (zod) are in schemas/events.ts; their input types are re-exported here.
export type { EventCreateInput, EventUpdateInput } from './schemas/events.ts';

// Response shapes: zod schemas in schemas/events.ts; their wire types are re-exported here.
export type { EventItem, EventResponse, EventsResponse } from './schemas/events.ts';
