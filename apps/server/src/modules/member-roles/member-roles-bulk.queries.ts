import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { MemberRoleFilter } from '@aesa/shared/schemas/exports';
import { memberRoles, users } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';
import { memberRoleConditions, screenFilter } from './member-roles.queries.ts';

export type BulkTarget = { ids: string[] } | { filter: MemberRoleFilter };
export interface BulkSet {
  verified_by_admin?: boolean;
  is_current?: boolean;
}

/** The roles a bulk action names: by id, or by the Member Roles screen's own filter. */
const targetCondition = (target: BulkTarget): SQL | undefined =>
  'ids' in target ? inArray(memberRoles.id, target.ids) : memberRoleConditions(screenFilter(target.filter));

/** How many roles the target names (the ids that exist, or the filter's matches). */
export async function countTarget(db: Executor, target: BulkTarget) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberRoles)
    .innerJoin(users, eq(users.id, memberRoles.user_id))
    .where(targetCondition(target));
  return row?.n ?? 0;
}

/**
 * One UPDATE for every named role whose values differ from `set` (a role that already has them is
 * left as it is, its updated_at too); answers the changed roles with their members' names.
 */
export async function setRoles(db: Executor, target: BulkTarget, set: BulkSet, now: Date) {
  const differs = or(
    set.verified_by_admin === undefined ? undefined : ne(memberRoles.verified_by_admin, set.verified_by_admin),
    set.is_current === undefined ? undefined : ne(memberRoles.is_current, set.is_current),
  );
  const rows = await db
    .update(memberRoles)
    .set({ ...set, updated_at: now, version: sql`${memberRoles.version} + 1` })
    .from(users)
    .where(and(eq(users.id, memberRoles.user_id), targetCondition(target), differs))
    .returning({ id: memberRoles.id, name: users.name, matric_number: users.matric_number });
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

