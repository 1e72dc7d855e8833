import * as z from 'zod';
import { RSVP_ANSWERS, RSVP_MSG, RSVP_STATUSES } from '../rsvp.ts';
import { idSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';
import { eventItemSchema } from './events.ts';

// The requests and answers of members' sign-ups and the Attendees view.

/** PUT /api/events/{id}/rsvp */
export const rsvpBody = z.object({ answer: z.enum(RSVP_ANSWERS, { error: RSVP_MSG.answerInvalid }) });
export type RsvpInput = z.infer<typeof rsvpBody>;

/** A member's answer and what it led to; `waitlist_place` counts from 1 while waitlisted, null otherwise. */
export const rsvpStateSchema = z.object({
  answer: z.enum(RSVP_ANSWERS),
  status: z.enum(RSVP_STATUSES),
  waitlist_place: z.number().int().nullable(),
  answered_at: timestampSchema,
});

/** The event's sign-ups as a member sees them: open or not, the capacity and the places left (null: no limit). */
export const signUpsSchema = z.object({
  open: z.boolean(),
  capacity: z.number().int().nullable(),
  going: z.number().int(),
  waitlisted: z.number().int(),
  places_left: z.number().int().nullable(),
});

/** GET and PUT /api/events/{id}/rsvp: the member's own answer (null before they answered) and the event's sign-ups. */
export const rsvpResponse = okSchema({ rsvp: rsvpStateSchema.nullable(), sign_ups: signUpsSchema });

/**
 * One member's row in the Attendees view. Its fields are the member and their answer; other
 * facts about the member at this event (attendance at the door) are added as further fields.
 */
export const attendeeRowSchema = z.object({
  user_id: idSchema,
  name: z.string(),
  level: z.string().nullable(),
  matric_number: z.string(),
  answer: z.enum(RSVP_ANSWERS),
  status: z.enum(RSVP_STATUSES),
  waitlist_place: z.number().int().nullable(),
  answered_at: timestampSchema,
});

/** GET /api/admin/events/{id}/attendees: going (in the order they answered), then the waitlist in order, then not going. */
export const attendeesResponse = okSchema({
  event: eventItemSchema,
  sign_ups: signUpsSchema,
  attendees: z.array(attendeeRowSchema),
});

/** event-attendees.csv?event={id} */
export const eventAttendeesExportQuery = z.object({ event: z.uuid({ error: RSVP_MSG.eventRequired }) });

export type RsvpState = WireOf<typeof rsvpStateSchema>;
export type SignUps = WireOf<typeof signUpsSchema>;
export type RsvpResponse = WireOf<typeof rsvpResponse>;
export type AttendeeRow = WireOf<typeof attendeeRowSchema>;
export type AttendeesResponse = WireOf<typeof attendeesResponse>;
