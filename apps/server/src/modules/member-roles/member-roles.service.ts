import type { MemberRole } from '@aesa/shared/elections';
import type { Db } from '../../db/client.ts';
import * as q from './member-roles.queries.ts';

function toMemberRole(r: q.MemberRoleRow): MemberRole {
  return {
    id: r.id,
    user_id: r.user_id,
    role_name: r.role_name,
    role_type: r.role_type,
    associated_year_range: r.associated_year_range,
    associated_position: r.associated_position,
    is_current: r.is_current,
    verified_by_admin: r.verified_by_admin,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    version: r.version,
    users: { name: r.name, matric_number: r.matric_number },
  };
}

export async function listMemberRoles(db: Db, filter: q.MemberRoleFilter) {
  const { rows, total } = await q.listMemberRoles(db, filter);
  return { data: rows.map(toMemberRole), total, limit: filter.limit, offset: filter.offset };
}

/**
 * Flips verified_by_admin and/or is_current. Voting eligibility reads these columns
 * directly in the vote statement, so a change counts from the next vote on.
 */
export async function updateMemberRole(db: Db, id: string, version: number, changes: { verified_by_admin?: boolean; is_current?: boolean }, now: Date) {
  const row = await q.updateMemberRole(db, id, version, changes, now);
  return row ? toMemberRole(row) : null;
}

export async function findMemberRole(db: Db, id: string) {
  const row = await q.findMemberRole(db, id);
  return row ? toMemberRole(row) : null;
}
