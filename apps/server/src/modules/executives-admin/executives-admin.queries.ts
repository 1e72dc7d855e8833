import { lockFor } from '../../db/advisory-locks.ts';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { POSITIONS } from '@aesa/shared/constants';
import { executives, users } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';

const itemColumns = {
  id: executives.id,
  user_id: executives.user_id,
  position: executives.position,
  year: executives.year,
  is_current: executives.is_current,
  end_date: executives.end_date,
  created_at: executives.created_at,
  version: executives.version,
  name: users.name,
  matric_number: users.matric_number,
  email: users.email,
};

function selectItems(db: Executor) {
  return db.select(itemColumns).from(executives).innerJoin(users, eq(users.id, executives.user_id));
}
type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

/** An office is held when the record is current and has no end date or one in the future. */
export const heldAt = (now: Date) => and(eq(executives.is_current, true), or(isNull(executives.end_date), gt(executives.end_date, now)));

function toItem(r: ItemRow, now: Date) {
  return {
    id: r.id,
    user_id: r.user_id,
    position: r.position,
    year: r.year,
    is_current: r.is_current,
    end_date: r.end_date,
    created_at: r.created_at,
    version: r.version,
    held: r.is_current && (r.end_date === null || r.end_date > now),
    users: { name: r.name, matric_number: r.matric_number, email: r.email },
  };
}

/** The offices in the spec's order (the Executives screen and its export). */
export const positionOrder = sql`array_position(array[${sql.join(POSITIONS.map((p) => sql`${p}`), sql`, `)}]::text[], ${executives.position})`;

/** Every record, past ones included: offices in the spec's order, newest record first within one. */
export async function listExecutives(db: Executor, now: Date) {
  const rows = await selectItems(db).orderBy(sql`${positionOrder} nulls last`, executives.position, desc(executives.created_at), executives.id);
  return rows.map((r) => toItem(r, now));
}

export async function findExecutive(db: Executor, id: string, now: Date) {
  const [row] = await selectItems(db).where(eq(executives.id, id)).limit(1);
  return row ? toItem(row, now) : null;
}

/** One lock for every assignment: two admins assigning at once cannot both pass the checks. */
export async function lockAssignments(tx: Executor) {
  await lockFor(tx, 'executiveAssignment');
}

export async function findUserName(db: Executor, id: string) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return row ? row.name : null;
}

/** Offices the member holds now. */
export function heldByUser(db: Executor, userId: string, now: Date) {
  return db.select({ id: executives.id, position: executives.position }).from(executives).where(and(eq(executives.user_id, userId), heldAt(now)));
}

/** The current holders of an office (normally one). */
export function holdersOf(db: Executor, position: string, now: Date) {
  return db
    .select({ id: executives.id, user_id: executives.user_id, name: users.name })
    .from(executives)
    .innerJoin(users, eq(users.id, executives.user_id))
    .where(and(eq(executives.position, position), heldAt(now)));
}

export async function endTerm(db: Executor, id: string, now: Date) {
  await db
    .update(executives)
    .set({ end_date: now, is_current: false, version: sql`${executives.version} + 1` })
    .where(eq(executives.id, id));
}

export async function insertExecutive(db: Executor, values: { user_id: string; position: string; year: string; is_current: boolean; created_at: Date }) {
  const [row] = await db.insert(executives).values(values).returning({ id: executives.id });
  return row!.id;
}

/** Changes the record only at `version`, raising it; false when no row is at that version. */
export async function updateExecutive(db: Executor, id: string, version: number, values: { year?: string; end_date?: Date; is_current?: boolean }) {
  const rows = await db
    .update(executives)
    .set({ ...values, version: sql`${executives.version} + 1` })
    .where(and(eq(executives.id, id), eq(executives.version, version)))
    .returning({ id: executives.id });
  return rows.length > 0;
}
