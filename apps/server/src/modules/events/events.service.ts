import { type EventCreateInput, type EventUpdateInput } from '@aesa/shared/events';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import * as q from './events.queries.ts';

export const listPublicEvents = q.listPublicEvents;
export const listAllEvents = q.listAllEvents;

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

export async function updateEvent(db: Db, id: string, input: EventUpdateInput) {
  const values: q.EventValues = {};
  for (const key of ['title', 'description', 'location', 'status', 'event_type', 'flyer_image_url', 'video_url'] as const) {
    if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
  }
  if (input.event_date !== undefined) values.event_date = new Date(input.event_date);
  const row = await q.updateEvent(db, id, values);
  if (!row) throw fail('EVENT_NOT_FOUND');
  return row;
}

export async function deleteEvent(db: Db, id: string) {
  if (!(await q.deleteEvent(db, id))) throw fail('EVENT_NOT_FOUND');
}
