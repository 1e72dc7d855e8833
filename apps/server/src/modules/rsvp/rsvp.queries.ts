import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { RsvpAnswer, RsvpStatus } from '@aesa/shared/rsvp';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/tx.ts';
import { eventCheckins, eventRsvps, events, users } from '../../db/schema.ts';
import type { CsvQuery } from '../../lib/csv-stream.ts';

/** The event row as answers need it, locked FOR UPDATE: answers to one event are taken one at a time. */
export async function lockEvent(tx: Executor, id: string) {
  const [row] = await tx
    .select({ id: events.id, title: events.title, status: events.status, event_date: events.event_date, location: events.location, capacity: events.capacity, rsvp_open: events.rsvp_open })
    .from(events)
    .where(eq(events.id, id))
    .for('update');
  return row ?? null;
}

export async function findRsvp(db: Executor, eventId: string, userId: string) {
  const [row] = await db.select().from(eventRsvps).where(and(eq(eventRsvps.event_id, eventId), eq(eventRsvps.user_id, userId)));
  return row ?? null;
}

/** A new answer: it takes a new place in the order (the sequence), replacing any earlier answer. */
export async function saveAnswer(tx: Executor, v: { eventId: string; userId: string; answer: RsvpAnswer; status: RsvpStatus; at: Date }) {
  const order = sql`nextval('event_rsvps_place_order_seq')`;
  await tx
    .insert(eventRsvps)
    .values({ event_id: v.eventId, user_id: v.userId, answer: v.answer, status: v.status, answered_at: v.at })
    .onConflictDoUpdate({ target: [eventRsvps.event_id, eventRsvps.user_id], set: { answer: v.answer, status: v.status, answered_at: v.at, place_order: order } });
}

export async function countByStatus(db: Executor, eventId: string) {
  const [row] = await db
    .select({
      going: sql<number>`count(*) filter (where ${eventRsvps.status} = 'going')::int`,
      waitlisted: sql<number>`count(*) filter (where ${eventRsvps.status} = 'waitlisted')::int`,
    })
    .from(eventRsvps)
    .where(eq(eventRsvps.event_id, eventId));
  return row ?? { going: 0, waitlisted: 0 };
}

/** The waitlist place of a member who is waitlisted: 1 + those ahead of them. */
export async function waitlistPlace(db: Executor, eventId: string, placeOrder: number) {
  const [row] = await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.event_id, eventId), eq(eventRsvps.status, 'waitlisted'), sql`${eventRsvps.place_order} < ${placeOrder}`));
  return (row?.ahead ?? 0) + 1;
}

/**
 * Moves the first `places` waitlisted members (all of them when null) up to going, in the order
 * they answered, and answers who they are (with what the mail to them needs).
 */
export async function promoteWaitlisted(tx: Executor, eventId: string, places: number | null) {
  const result = await tx.execute<{ user_id: string; email: string; name: string; event_updates: boolean }>(sql`
    with moved as (
      update event_rsvps set status = 'going'
      where event_id = ${eventId} and user_id in (
        select user_id from event_rsvps where event_id = ${eventId} and status = 'waitlisted'
        order by place_order ${places === null ? sql`` : sql`limit ${places}`})
      returning user_id)
    select u.id as user_id, u.email, u.name, coalesce(p.event_updates, true) as event_updates
    from moved join users u on u.id = moved.user_id
    left join notification_preferences p on p.user_id = u.id`);
  return result.rows;
}

/** The members who answered going (with a place or waitlisted) and want event updates: who hears of a change. */
export async function goingMembersWantingUpdates(tx: Executor, eventId: string) {
  const result = await tx.execute<{ user_id: string; email: string; name: string }>(sql`
    select u.id as user_id, u.email, u.name
    from event_rsvps r join users u on u.id = r.user_id
    left join notification_preferences p on p.user_id = u.id
    where r.event_id = ${eventId} and r.status in ('going', 'waitlisted') and coalesce(p.event_updates, true)
    order by r.place_order`);
  return result.rows;
}

/** The reminder's key: once per member per event date (a new date is a new reminder). */
export const reminderKeySql = sql`'event-reminder:' || e.id || ':' || u.id || ':' || extract(epoch from e.event_date)::bigint`;

/**
 * Members with a place at an upcoming event starting within `withinMs` of `now`, who want
 * event updates and have no reminder for this event and date in the outbox yet.
 */
export async function dueReminders(db: Db, now: Date, withinMs: number) {
  const until = new Date(now.getTime() + withinMs);
  const result = await db.execute<{ event_id: string; title: string; event_date: Date | string; location: string; user_id: string; email: string; name: string; dedupe_key: string }>(sql`
    select e.id as event_id, e.title, e.event_date, e.location, u.id as user_id, u.email, u.name, ${reminderKeySql} as dedupe_key
    from events e
    join event_rsvps r on r.event_id = e.id and r.status = 'going'
    join users u on u.id = r.user_id
    left join notification_preferences p on p.user_id = u.id
    where e.status = 'upcoming' and e.event_date > ${now.toISOString()}::timestamptz and e.event_date <= ${until.toISOString()}::timestamptz
      and coalesce(p.event_updates, true)
      and not exists (select 1 from mail_outbox m where m.dedupe_key = ${reminderKeySql})
    order by e.event_date, r.place_order
    limit 5000`);
  return result.rows;
}

const waitlistPlaceSql = sql<number | null>`case when ${eventRsvps.status} = 'waitlisted' then (row_number() over (partition by ${eventRsvps.status} order by ${eventRsvps.place_order}))::int end`;
const statusOrder = sql`case ${eventRsvps.status} when 'going' then 0 when 'waitlisted' then 1 else 2 end`;

/** Attendance beside the answer: when the member was checked in at the door of this event (null: not yet). */
const checkedInHere = and(eq(eventCheckins.event_id, eventRsvps.event_id), eq(eventCheckins.user_id, eventRsvps.user_id));

/** An attendee's row: the Attendees view has all of it; the export leaves out the member's id. */
const attendeeColumns = {
  user_id: eventRsvps.user_id,
  name: users.name,
  level: users.current_level,
  matric_number: users.matric_number,
  answer: eventRsvps.answer,
  status: eventRsvps.status,
  waitlist_place: waitlistPlaceSql,
  answered_at: eventRsvps.answered_at,
  checked_in_at: eventCheckins.checked_in_at,
};

/** The Attendees view and its export: going in the order they answered, then the waitlist, then not going. */
function ofEvent<T extends PgSelect>(select: T, eventId: string) {
  return select
    .innerJoin(users, eq(users.id, eventRsvps.user_id))
    .leftJoin(eventCheckins, checkedInHere)
    .where(eq(eventRsvps.event_id, eventId))
    .orderBy(statusOrder, asc(eventRsvps.place_order));
}

export const listAttendees = (db: Executor, eventId: string) => ofEvent(db.select(attendeeColumns).from(eventRsvps).$dynamic(), eventId);

/** The export's columns in the file's order, with the Attendees view's order of rows. */
export function attendeesCsvQuery(db: Db, eventId: string): CsvQuery {
  const { name, matric_number, level, answer, status, waitlist_place, answered_at, checked_in_at } = attendeeColumns;
  return ofEvent(db.select({ name, matric_number, level, answer, status, waitlist_place, answered_at, checked_in_at }).from(eventRsvps).$dynamic(), eventId).toSQL();
}

/** The event as a member's sign-up view needs it (no lock). */
export async function findEventForMember(db: Executor, id: string) {
  const [row] = await db.select({ id: events.id, capacity: events.capacity, rsvp_open: events.rsvp_open }).from(events).where(eq(events.id, id));
  return row ?? null;
}
