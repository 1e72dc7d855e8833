import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { EventStatus } from '@aesa/shared/events';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/tx.ts';
import { events } from '../../db/schema.ts';

export type EventValues = Partial<typeof events.$inferInsert>;

const columns = {
  id: events.id,
  title: events.title,
  description: events.description,
  event_date: events.event_date,
  location: events.location,
  flyer_image_url: events.flyer_image_url,
  video_url: events.video_url,
  status: events.status,
  event_type: events.event_type,
  capacity: events.capacity,
  rsvp_open: events.rsvp_open,
  created_at: events.created_at,
  version: events.version,
};

/** Public list: upcoming (dated now or later, soonest first) or all (newest first), optionally by status. */
export function listPublicEvents(db: Db, q: { scope: 'upcoming' | 'all'; status?: EventStatus; limit: number }, now: Date) {
  const where: (SQL | undefined)[] = [q.status ? eq(events.status, q.status) : undefined];
  if (q.scope === 'upcoming') where.push(gte(events.event_date, now));
  return db
    .select(columns)
    .from(events)
    .where(and(...where))
    .orderBy(q.scope === 'upcoming' ? asc(events.event_date) : desc(events.event_date), asc(events.id))
    .limit(q.limit);
}

export function listAllEvents(db: Db, q: { status?: EventStatus; limit: number; offset: number }) {
  return db
    .select(columns)
    .from(events)
    .where(q.status ? eq(events.status, q.status) : undefined)
    .orderBy(desc(events.event_date), asc(events.id))
    .limit(q.limit)
    .offset(q.offset);
}

export async function insertEvent(db: Db, values: typeof events.$inferInsert) {
  const [row] = await db.insert(events).values(values).returning(columns);
  return row!;
}

export async function findEvent(db: Executor, id: string, lock = false) {
  const query = db.select(columns).from(events).where(eq(events.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Changes the event only at `version`, raising it: null when no row is at that version. */
export async function updateEvent(db: Executor, id: string, version: number, values: EventValues) {
  const [row] = await db
    .update(events)
    .set({ ...values, version: sql`${events.version} + 1` })
    .where(and(eq(events.id, id), eq(events.version, version)))
    .returning(columns);
  return row ?? null;
}

export async function deleteEvent(db: Db, id: string, version: number) {
  const rows = await db
    .delete(events)
    .where(and(eq(events.id, id), eq(events.version, version)))
    .returning({ id: events.id });
  return rows.length > 0;
}
