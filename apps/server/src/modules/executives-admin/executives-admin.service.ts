import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import * as q from './executives-admin.queries.ts';

export const listExecutives = (db: Db, now: Date) => q.listExecutives(db, now);
export const findExecutive = (db: Db, id: string, now: Date) => q.findExecutive(db, id, now);

async function getExecutive(db: Db, id: string, now: Date) {
  const item = await q.findExecutive(db, id, now);
  if (!item) throw fail('EXECUTIVE_NOT_FOUND');
  return item;
}

/**
 * Assigns an office. A member who already holds a different current office is
 * refused with the spec's text; the same office twice is refused too. If someone else holds the
 * office, their term ends now (end_date = now, is_current = false) in the same transaction and
 * the answer names them. `year` is the session the caller chose or proposed (currentSessionYear).
 */
export async function assignExecutive(db: Db, input: { user_id: string; position: string; year: string; is_current: boolean }, now: Date) {
  const { id, replaced } = await db.transaction(async (tx) => {
    await q.lockAssignments(tx);
    const name = await q.findUserName(tx, input.user_id);
    if (name === null) throw fail('MEMBER_NOT_FOUND');
    let replaced: { id: string; user_id: string; name: string } | null = null;
    if (input.is_current) {
      const held = await q.heldByUser(tx, input.user_id, now);
      const other = held.find((h) => h.position !== input.position);
      if (other) throw fail('EXECUTIVE_ALREADY_ASSIGNED', name, other.position);
      if (held.length > 0) throw fail('EXECUTIVE_SAME_OFFICE', name, input.position);
      for (const holder of await q.holdersOf(tx, input.position, now)) {
        await q.endTerm(tx, holder.id, now);
        replaced = holder;
      }
    }
    const id = await q.insertExecutive(tx, {
      user_id: input.user_id,
      position: input.position,
      year: input.year,
      is_current: input.is_current,
      created_at: now,
    });
    return { id, replaced };
  });
  return { executive: await getExecutive(db, id, now), replaced };
}

/**
 * Edits the year or the end date if the record is still at `version` (null otherwise:
 * lib/edit-version.ts answers); "remove" is end_date = now. An end date not after now also ends is_current.
 */
export async function updateExecutive(db: Db, id: string, version: number, input: { year?: string; end_date?: string }, now: Date) {
  const values: { year?: string; end_date?: Date; is_current?: boolean } = {};
  if (input.year !== undefined) values.year = input.year;
  if (input.end_date !== undefined) {
    values.end_date = new Date(input.end_date);
    if (values.end_date <= now) values.is_current = false;
  }
  if (!(await q.updateExecutive(db, id, version, values))) return null;
  return getExecutive(db, id, now);
}
