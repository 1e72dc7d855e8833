import { isNumericSearch, levelDigits, type DirectoryMember, type MembersQuery } from '@aesa/shared/members';
import type { Db } from '../../db/client.ts';
import { findDirectoryPage, type DirectoryFilter } from './members.queries.ts';

/** Turns the query into the directory's filter rules (spec 01 §5 "Member search"). */
export function toDirectoryFilter(q: MembersQuery): DirectoryFilter {
  const f: DirectoryFilter = {};
  if (q.search !== undefined) {
    if (isNumericSearch(q.search)) f.matric = q.search;
    else f.name = q.search;
  }
  if (q.level !== undefined) {
    // "300" and "300 Level" both match "300 Level"; a level without digits (Alumni) only itself.
    const digits = levelDigits(q.level);
    if (digits) f.levelDigits = digits;
    else f.levelExact = q.level;
  }
  if (q.role !== undefined) f.role = q.role;
  if (q.skill !== undefined) f.skill = q.skill;
  if (q.year !== undefined) f.year = q.year;
  return f;
}

export async function listMembers(db: Db, q: MembersQuery) {
  const { rows, total } = await findDirectoryPage(db, toDirectoryFilter(q), q.limit, (q.page - 1) * q.limit);
  // An explicit allowlist of fields: nothing else of the user row can leave by accident.
  const data: DirectoryMember[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    matric_number: r.matric_number,
    current_level: r.current_level,
    member_roles: r.member_roles,
    user_skills: r.user_skills,
    enrollment_year: r.enrollment_year,
    profile_image_url: r.profile_image_url,
  }));
  return { data, total, page: q.page, limit: q.limit, total_pages: Math.ceil(total / q.limit) };
}
