import { type EventCreateInput, type EventUpdateInput } from '@aesa/shared/events';
import type { Db } from '../../db/client.ts';
import * as q from './events.queries.ts';

export const listPublicEvents = q.listPublicEvents;
export const listAllEvents = q.listAllEvents;
export const findEvent = q.findEvent;

export function createEvent(db: Db, input: EventCreateInput, now: Date) {
  return q.insertEvent(db, {
    title: input.title,
    description: input.description,
    event_date: new Date(input.event_date),
    location: input.location,
    status: input.status,
    event_type: input.event_type ?? null,
    flyer_image_url: input.flyer_image_url ?? null,
    video_url: input.video_url ?? null,
    created_at: now,
  });
}

/** Changes the event if it is still at `version` (null otherwise: lib/edit-version.ts answers). */
export async function updateEvent(db: Db, id: string, version: number, input: EventUpdateInput) {
  const values: q.EventValues = {};
  for (const key of ['title', 'description', 'location', 'status', 'event_type', 'flyer_image_url', 'video_url'] as const) {
    if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
  }
  if (input.event_date !== undefined) values.event_date = new Date(input.event_date);
  return q.updateEvent(db, id, version, values);
}

export const deleteEvent = q.deleteEvent;
