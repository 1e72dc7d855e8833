import { z } from 'zod';
import { EVENT_STATUSES } from '../constants.ts';
import { idSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';

// The answers of the public events list and Event Management.

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
  created_at: timestampSchema,
});
export const eventsResponse = okSchema({ data: z.array(eventItemSchema) });
export const eventResponse = okSchema({ event: eventItemSchema });
export const eventDeletedResponse = okSchema({});

export type EventItem = WireOf<typeof eventItemSchema>;
export type EventsResponse = WireOf<typeof eventsResponse>;
export type EventResponse = WireOf<typeof eventResponse>;
