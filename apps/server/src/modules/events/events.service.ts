import { type EventCreateInput, type EventUpdateInput } from '@aesa/shared/events';
import type { Db } from '../../db/client.ts';
import { afterEventEdit } from '../rsvp/rsvp.service.ts';
import type { MailConfig } from '../rsvp/rsvp.mails.ts';
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
    capacity: input.capacity ?? null,
    rsvp_open: input.rsvp_open ?? true,
    created_at: now,
  });
}

/**
 * Changes the event if it is still at `version` (null otherwise: lib/edit-version.ts answers).
 * In the same transaction, holding the event's row: places a larger capacity frees go to the
 * waitlist, and members who signed up hear of a new date, place or status (rsvp.service.ts).
 */
export async function updateEvent(db: Db, config: MailConfig, id: string, version: number, input: EventUpdateInput) {
  const values: q.EventValues = {};
  for (const key of ['title', 'description', 'location', 'status', 'event_type', 'flyer_image_url', 'video_url', 'capacity', 'rsvp_open'] as const) {
    if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
  }
  if (input.event_date !== undefined) values.event_date = new Date(input.event_date);
  return db.transaction(async (tx) => {
    const before = await q.findEvent(tx, id, true);
    if (!before || before.version !== version) return null;
    const after = await q.updateEvent(tx, id, version, values);
    if (after) await afterEventEdit(tx, config, before, after);
    return after;
  });
}

export const deleteEvent = q.deleteEvent;
