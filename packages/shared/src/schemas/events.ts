import * as z from 'zod';
import { EVENT_STATUSES, LIMITS } from '../constants.ts';
import { EVENT_MSG, isImageLink, isHttpUrl } from '../events.ts';
import { CAPACITY_MAX, RSVP_MSG } from '../rsvp.ts';
import { idSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';
import { setsSomething, versionField, versionSchema } from './edit-version.ts';
import { coded } from './coded.ts';

// The requests and answers of the public events list and Event Management. The event form
// validates with eventCreateSchema, so the rules it shows are the ones the server enforces.
// ---------------------------------------------------------------------------------------------
// Requests

/** An optional link: empty text means none; anything else must pass `isLink` (events.ts). */
const linkField = (isLink: (v: string) => boolean, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(LIMITS.urlMax, { error: message })
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))
    .refine((v) => v == null || isLink(v), { error: message });

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
  flyer_image_url: linkField(isImageLink, EVENT_MSG.flyerUrlInvalid),
  video_url: linkField(isHttpUrl, EVENT_MSG.videoUrlInvalid),
  /** How many members may be going; null: no limit. Beyond it members join the waitlist. */
  capacity: z
    .number({ error: RSVP_MSG.capacityInvalid })
    .int({ error: RSVP_MSG.capacityInvalid })
    .min(1, { error: RSVP_MSG.capacityInvalid })
    .max(CAPACITY_MAX, { error: RSVP_MSG.capacityInvalid })
    .nullable()
    .optional(),
  /** Whether members may still say they are going (saying not going is always possible). */
  rsvp_open: z.boolean({ error: RSVP_MSG.rsvpOpenInvalid }).optional(),
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
    capacity: fields.capacity,
    rsvp_open: fields.rsvp_open,
    ...versionField,
  })
  .refine(setsSomething, coded('ADMIN_NOTHING_TO_UPDATE'));
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

// ---------------------------------------------------------------------------------------------
// Answers

export const eventItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  event_date: timestampSchema,
  location: z.string(),
  flyer_image_url: z.string().nullable(),
  video_url: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  event_type: z.string().nullable(),
  capacity: z.number().int().nullable(),
  rsvp_open: z.boolean(),
  created_at: timestampSchema,
  version: versionSchema,
});
export const eventsResponse = okSchema({ data: z.array(eventItemSchema) });
export const eventResponse = okSchema({ event: eventItemSchema });
export const eventDeletedResponse = okSchema({});

export type EventItem = WireOf<typeof eventItemSchema>;
export type EventsResponse = WireOf<typeof eventsResponse>;
export type EventResponse = WireOf<typeof eventResponse>;

/** GET /api/events/{id}/calendar.ics and GET /events.ics: an iCalendar (RFC 5545) file. */
export const calendarFileSchema = z.string().describe('An iCalendar (RFC 5545) file: one VEVENT per event, times in UTC.');
