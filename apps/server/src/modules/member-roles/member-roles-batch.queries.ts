import { lockFor } from '../../db/advisory-locks.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { MemberRoleBatchItem } from '@aesa/shared/admin';
import { memberRoles, users } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';
import { memberRoleColumns } from './member-roles.queries.ts';

/** Serialises batch writes for one member, so two batches cannot both insert the same role. */
export async function lockMember(tx: Executor, userId: string) {
  await lockFor(tx, 'memberRoles', userId);
}

export async function userExists(db: Executor, id: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return !!row;
}

/** The member's role with this name (case-insensitive), the most recently updated if several. */
export async function findRoleByName(db: Executor, userId: string, roleName: string) {
  const [row] = await db
    .select({ id: memberRoles.id })
    .from(memberRoles)
    .where(and(eq(memberRoles.user_id, userId), sql`lower(${memberRoles.role_name}) = lower(${roleName})`))
    .orderBy(desc(memberRoles.updated_at))
    .limit(1);
  return row?.id ?? null;
}

export async function updateRole(db: Executor, id: string, item: MemberRoleBatchItem, now: Date) {
  const [row] = await db
    .update(memberRoles)
    .set({
      role_name: item.role_name,
      role_type: item.role_type,
      associated_year_range: item.associated_year_range,
      associated_position: item.associated_position,
      is_current: item.is_current,
      verified_by_admin: item.verified_by_admin,
      updated_at: now,
    })
    .where(eq(memberRoles.id, id))
    .returning(memberRoleColumns);
  return row!;
}

export async function insertRole(db: Executor, item: MemberRoleBatchItem, now: Date) {
  const [row] = await db
    .insert(memberRoles)
    .values({ ...item, created_at: now, updated_at: now })
    .returning(memberRoleColumns);
  return row!;
}
