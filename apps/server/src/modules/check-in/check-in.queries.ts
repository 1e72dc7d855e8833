import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CheckInVia } from '@aesa/shared/check-in';
import type { Db } from '../../db/client.ts';
import { eventCheckins, events, membershipCodes, users } from '../../db/schema.ts';

// ------------------------------------------------------------------ membership codes

export async function findCode(db: Db, userId: string) {
  const [row] = await db.select({ code_id: membershipCodes.code_id, created_at: membershipCodes.created_at }).from(membershipCodes).where(eq(membershipCodes.user_id, userId));
  return row ?? null;
}

/** The member's first code; when two requests make one at once, the first one's stays. */
export async function createCode(db: Db, userId: string, codeId: string, now: Date) {
  await db.insert(membershipCodes).values({ user_id: userId, code_id: codeId, created_at: now }).onConflictDoNothing({ target: membershipCodes.user_id });
  return (await findCode(db, userId))!;
}

/** A new code id in place of the old one: every copy of the old code stops working. */
export async function replaceCode(db: Db, userId: string, codeId: string, now: Date) {
  const [row] = await db
    .insert(membershipCodes)
    .values({ user_id: userId, code_id: codeId, created_at: now })
    .onConflictDoUpdate({ target: membershipCodes.user_id, set: { code_id: codeId, created_at: now } })
    .returning({ code_id: membershipCodes.code_id, created_at: membershipCodes.created_at });
  return row!;
}

// ------------------------------------------------------------------ members at the door

const memberColumns = {
  id: users.id,
  name: users.name,
  matric_number: users.matric_number,
  current_level: users.current_level,
  profile_image_url: users.profile_image_url,
};
export type CheckedInMember = { id: string; name: string; matric_number: string; current_level: string | null; profile_image_url: string | null };

export async function memberByCodeId(db: Db, codeId: string): Promise<CheckedInMember | null> {
  const [row] = await db.select(memberColumns).from(membershipCodes).innerJoin(users, eq(users.id, membershipCodes.user_id)).where(eq(membershipCodes.code_id, codeId));
  return row ?? null;
}

/**
 * The member with this matric number as typed at the door: the exact number, else the one member
 * whose number differs from it only in letter case (several such members: none is guessed).
 */
export async function memberByMatric(db: Db, matric: string): Promise<CheckedInMember | null> {
  const [exact] = await db.select(memberColumns).from(users).where(eq(users.matric_number, matric));
  if (exact) return exact;
  const rows = await db.select(memberColumns).from(users).where(sql`lower(${users.matric_number}) = lower(${matric})`).limit(2);
  return rows.length === 1 ? rows[0]! : null;
}

export async function findEventStatus(db: Db, eventId: string) {
  const [row] = await db.select({ id: events.id, status: events.status }).from(events).where(eq(events.id, eventId));
  return row ?? null;
}

// ------------------------------------------------------------------ check-ins

const checker = alias(users, 'checker');
const checkInColumns = {
  member: memberColumns,
  checked_in_at: eventCheckins.checked_in_at,
  via: eventCheckins.via,
  checker_id: checker.id,
  checker_name: checker.name,
};

function checkIns(db: Db) {
  return db
    .select(checkInColumns)
    .from(eventCheckins)
    .innerJoin(users, eq(users.id, eventCheckins.user_id))
    .leftJoin(checker, eq(checker.id, eventCheckins.checked_in_by));
}
export type CheckInRow = Awaited<ReturnType<ReturnType<typeof checkIns>['execute']>>[number];

/**
 * Records the member at the event unless they are there already (the primary key keeps one row
 * per member and event, also when two phones at the door scan the same code at once). True when
 * this call recorded it.
 */
export async function insertCheckIn(db: Db, v: { eventId: string; userId: string; by: string; via: CheckInVia; now: Date }): Promise<boolean> {
  const rows = await db
    .insert(eventCheckins)
    .values({ event_id: v.eventId, user_id: v.userId, checked_in_by: v.by, via: v.via, checked_in_at: v.now })
    .onConflictDoNothing()
    .returning({ user_id: eventCheckins.user_id });
  return rows.length === 1;
}

export async function findCheckIn(db: Db, eventId: string, userId: string): Promise<CheckInRow | null> {
  const [row] = await checkIns(db).where(and(eq(eventCheckins.event_id, eventId), eq(eventCheckins.user_id, userId)));
  return row ?? null;
}

/** An event's check-ins, the latest first (the door screen shows who just came in at the top). */
export function listCheckIns(db: Db, eventId: string): Promise<CheckInRow[]> {
  return checkIns(db).where(eq(eventCheckins.event_id, eventId)).orderBy(desc(eventCheckins.checked_in_at), users.name);
}

// ------------------------------------------------------------------ attended events

/** The events a member was checked in at, newest first. */
export function attendedEvents(db: Db, userId: string) {
  return db
    .select({ id: events.id, title: events.title, event_date: events.event_date })
    .from(eventCheckins)
    .innerJoin(events, eq(events.id, eventCheckins.event_id))
    .where(eq(eventCheckins.user_id, userId))
    .orderBy(desc(events.event_date), events.id);
}
