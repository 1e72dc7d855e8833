// Events (spec 02 §2.7, §3, §4, §5; spec 01 §7 GET /events).
import { z } from 'zod';
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
  urlInvalid: (field: string) => `${field} must be an http(s) address or an uploaded image`,
  notFound: 'Event not found',
  nothingToUpdate: 'Nothing to update',
} as const;

/** An http(s) URL, or one of our uploads ("/uploads/..."); empty text means none. */
const linkField = (label: string) =>
  z
    .string({ error: EVENT_MSG.urlInvalid(label) })
    .trim()
    .max(LIMITS.urlMax, { error: EVENT_MSG.urlInvalid(label) })
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))
    .refine((v) => v == null || isLink(v), { error: EVENT_MSG.urlInvalid(label) });

function isLink(v: string): boolean {
  if (/^\/uploads\/[A-Za-z0-9/_.-]+$/.test(v) && !v.includes('..')) return true;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const fields = {
  title: z.string({ error: EVENT_MSG.titleRequired }).trim().min(1, { error: EVENT_MSG.titleRequired }).max(LIMITS.titleMax, { error: EVENT_MSG.titleTooLong }),
  description: z.string({ error: EVENT_MSG.descriptionRequired }).trim().min(1, { error: EVENT_MSG.descriptionRequired }).max(LIMITS.textMax, { error: EVENT_MSG.descriptionTooLong }),
  // A datetime-local input has no zone: the screen sends `new Date(value).toISOString()`.
  event_date: z.string({ error: EVENT_MSG.dateRequired }).trim().min(1, { error: EVENT_MSG.dateRequired }).pipe(z.iso.datetime({ offset: true, error: EVENT_MSG.dateInvalid })),
  location: z.string({ error: EVENT_MSG.locationRequired }).trim().min(1, { error: EVENT_MSG.locationRequired }).max(200, { error: EVENT_MSG.locationTooLong }),
  status: z.enum(EVENT_STATUSES, { error: EVENT_MSG.statusInvalid }),
  event_type: z
    .string()
    .trim()
    .max(60, { error: EVENT_MSG.typeTooLong })
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  flyer_image_url: linkField('Flyer image URL'),
  video_url: linkField('Video URL'),
};

/** POST /api/admin/events: title, description, event_date, location required; status defaults to upcoming. */
export const eventCreateSchema = z.object({ ...fields, status: fields.status.default('upcoming') });
/** PATCH /api/admin/events/{id}: any subset. */
export const eventUpdateSchema = z
  .object({
    title: fields.title.optional(),
    description: fields.description.optional(),
    event_date: fields.event_date.optional(),
    location: fields.location.optional(),
    status: fields.status.optional(),
    event_type: fields.event_type,
    flyer_image_url: fields.flyer_image_url,
    video_url: fields.video_url,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: EVENT_MSG.nothingToUpdate });
export type EventCreateInput = z.infer<typeof eventCreateSchema>;
export type EventUpdateInput = z.infer<typeof eventUpdateSchema>;

/**
 * GET /api/events (public). scope=upcoming (default): events dated now or later, soonest first;
 * scope=all: every event, newest first. status filters by the event's status.
 */
export const publicEventsQuery = z.object({
  scope: z.enum(['upcoming', 'all'], { error: 'scope must be upcoming or all' }).default('upcoming'),
  status: z.enum(EVENT_STATUSES, { error: EVENT_MSG.statusInvalid }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(50),
});
/** GET /api/admin/events: every event, newest date first. */
export const adminEventsQuery = z.object({
  status: z.enum(EVENT_STATUSES, { error: EVENT_MSG.statusInvalid }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(500).default(200),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
});

// Response shapes: zod schemas in schemas/events.ts; their wire types are re-exported here.
export type { EventItem, EventResponse, EventsResponse } from './schemas/events.ts';
