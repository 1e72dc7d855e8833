import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberRoles, users } from '../../db/schema.ts';

/** A member role's own columns (the batch writes return these). */
export const memberRoleColumns = {
  id: memberRoles.id,
  user_id: memberRoles.user_id,
  role_name: memberRoles.role_name,
  role_type: memberRoles.role_type,
  associated_year_range: memberRoles.associated_year_range,
  associated_position: memberRoles.associated_position,
  is_current: memberRoles.is_current,
  verified_by_admin: memberRoles.verified_by_admin,
  updated_at: memberRoles.updated_at,
  version: memberRoles.version,
};

const columns = {
  ...memberRoleColumns,
  created_at: memberRoles.created_at,
  name: users.name,
  matric_number: users.matric_number,
};

export interface MemberRoleFilter {
  search?: string;
  verified?: boolean;
  limit: number;
  offset: number;
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The screen's filter as its query carries it (verified as 'true' or 'false'), for memberRoleConditions. */
export const screenFilter = (q: { search?: string; verified?: 'true' | 'false' }): Pick<MemberRoleFilter, 'search' | 'verified'> => ({
  search: q.search || undefined,
  verified: q.verified === undefined ? undefined : q.verified === 'true',
});

/** The Member Roles screen's filter: the list below and the bulk action and export (one rule for all three). */
export function memberRoleConditions(f: Pick<MemberRoleFilter, 'search' | 'verified'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.search) {
    const pattern = likeText(f.search);
    // Same rule as the user picker: digits only match the matric number; other text the
    // name, matric number or role name. Each side has a trigram index.
    conditions.push(
      /^\d+$/.test(f.search)
        ? sql`${users.matric_number} like ${pattern}`
        : sql`(lower(${users.name}) like lower(${pattern}) or ${users.matric_number} like upper(${pattern}) or lower(${memberRoles.role_name}) like lower(${pattern}))`,
    );
  }
  if (f.verified !== undefined) conditions.push(eq(memberRoles.verified_by_admin, f.verified));
  return conditions.length ? and(...conditions) : undefined;
}

/** Unverified roles first (the data admin's to-do list), then by member name. */
export async function listMemberRoles(db: Db, f: MemberRoleFilter) {
  const filter = memberRoleConditions(f);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(memberRoles)
      .innerJoin(users, eq(users.id, memberRoles.user_id))
      .where(filter)
      .orderBy(asc(memberRoles.verified_by_admin), asc(users.name), asc(memberRoles.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(memberRoles).innerJoin(users, eq(users.id, memberRoles.user_id)).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findMemberRole(db: Db, id: string) {
  const [row] = await db.select(columns).from(memberRoles).innerJoin(users, eq(users.id, memberRoles.user_id)).where(eq(memberRoles.id, id));
  return row ?? null;
}

/** Changes the member role only at `version`, raising it: null when no row is at that version. */
export async function updateMemberRole(db: Db, id: string, version: number, changes: { verified_by_admin?: boolean; is_current?: boolean }, now: Date) {
  const [updated] = await db
    .update(memberRoles)
    .set({ ...changes, updated_at: now, version: sql`${memberRoles.version} + 1` })
    .where(and(eq(memberRoles.id, id), eq(memberRoles.version, version)))
    .returning({ id: memberRoles.id });
  if (!updated) return null;
  return findMemberRole(db, id);
}

export type MemberRoleRow = Awaited<ReturnType<typeof listMemberRoles>>['rows'][number];
