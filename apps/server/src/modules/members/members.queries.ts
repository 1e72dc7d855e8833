import { sql, type SQL } from 'drizzle-orm';
import type { DirectoryMember } from '@aesa/shared/members';
import type { Db } from '../../db/client.ts';

export interface DirectoryFilter {
  /** Matric number substring, upper-cased as matric numbers are stored (isMatricSearch) ... */
  matric?: string;
  /** ... or case-insensitive name substring. */
  name?: string;
  /** Digits of a level ("300"), or null with `alumni`. */
  levelDigits?: string;
  /** A level without digits (Alumni), compared case-insensitively and exactly. */
  levelExact?: string;
  role?: string;
  skill?: string;
  year?: number;
}

/** `%term%` for LIKE, with the user's own % _ and \ taken literally (backslash is LIKE's escape). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The directory's WHERE clause. The substring tests are written on exactly the expressions of
 * the pg_trgm GIN indexes (lower(users.name), users.matric_number, lower(member_roles.role_name),
 * lower(user_skills.skill_name)), so PostgreSQL can answer them from the indexes.
 *
 * Case-insensitive matching is `lower(column) LIKE lower(pattern)` (both lowered by PostgreSQL, so
 * letters beyond ASCII, such as Yoruba's ọ and ẹ, fold the same way on both sides): the same matches as ILIKE and
 * the same trigram indexes, but when PostgreSQL scans rows (a common term, where the index would
 * not pay) LIKE costs a third of ILIKE, which case-folds every row again. A matric search is upper-cased
 * first, so matric numbers are matched as they are stored.
 *
 * Only activated accounts (a password is set) are listed: see docs/decisions/008-directory-lists-activated-members.md.
 */
export function directoryWhere(f: DirectoryFilter): SQL {
  const conditions: SQL[] = [sql`u.password_hash is not null`];
  if (f.matric !== undefined) conditions.push(sql`u.matric_number like ${containsPattern(f.matric)}`);
  if (f.name !== undefined) conditions.push(sql`lower(u.name) like lower(${containsPattern(f.name)})`);
  // users.level_key is btrim(lower(current_level), ' level'), kept by PostgreSQL: "300 Level",
  // "300", "300L" and "Level 300" are all "300". An equality on it uses the users_directory_level
  // index (level_key, name, id), which also gives the directory's order.
  if (f.levelDigits !== undefined) conditions.push(sql`u.level_key = ${f.levelDigits}`);
  // A level without digits (Alumni) matches itself only, case-insensitively; the level_key test is
  // implied by it and only there for the index.
  if (f.levelExact !== undefined) conditions.push(sql`u.level_key = btrim(lower(${f.levelExact}), ' level') and lower(u.current_level) = lower(${f.levelExact})`);
  if (f.year !== undefined) conditions.push(sql`u.enrollment_year = ${f.year}`);
  if (f.role !== undefined) {
    conditions.push(
      // The whole role name (any case): the filter is picked from a list, and "President" must
      // not also find the Vice President (decision 080).
      sql`exists (select 1 from member_roles r where r.user_id = u.id and r.is_current and lower(r.role_name) = lower(${f.role}))`,
    );
  }
  if (f.skill !== undefined) {
    conditions.push(sql`exists (select 1 from user_skills s where s.user_id = u.id and lower(s.skill_name) like lower(${containsPattern(f.skill)}))`);
  }
  return sql.join(conditions, sql` and `);
}

/**
 * One page of members: the page's ids come first (ordered by name, id: the users_name_order
 * index), then roles and skills are gathered for just those rows. An office comes before the
 * plain "Members" role, so the first role is the one a card's badge should show.
 */
export function directoryPageQuery(where: SQL, limit: number, offset: number): SQL {
  return sql`
    select u.id, u.name, u.matric_number, u.current_level, u.enrollment_year, u.profile_image_url,
      coalesce((select json_agg(json_build_object('role_name', r.role_name)
                  order by lower(r.role_name) = 'members', r.created_at, r.id)
                from member_roles r where r.user_id = u.id and r.is_current), '[]'::json) as member_roles,
      coalesce((select json_agg(json_build_object('skill_name', s.skill_name) order by s.created_at, lower(s.skill_name), s.id)
                from user_skills s where s.user_id = u.id), '[]'::json) as user_skills
    from (select u.id from users u where ${where} order by u.name, u.id limit ${limit} offset ${offset}) as page
    join users u on u.id = page.id
    order by u.name, u.id`;
}

export function directoryCountQuery(where: SQL): SQL {
  return sql`select count(*)::int as total from users u where ${where}`;
}

/** One page of members (see directoryPageQuery). */
export async function findDirectoryRows(db: Db, filter: DirectoryFilter, limit: number, offset: number) {
  const page = await db.execute<DirectoryMember & Record<string, unknown>>(directoryPageQuery(directoryWhere(filter), limit, offset));
  return page.rows;
}

/** How many members match the filter, over all pages. */
export async function countDirectory(db: Db, filter: DirectoryFilter): Promise<number> {
  const count = await db.execute<{ total: number }>(directoryCountQuery(directoryWhere(filter)));
  return count.rows[0]?.total ?? 0;
}
