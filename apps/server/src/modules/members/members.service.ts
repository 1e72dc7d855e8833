import { isMatricSearch, levelDigits, type DirectoryMember, type MembersQuery } from '@aesa/shared/members';
import type { Db } from '../../db/client.ts';
import { countDirectory, findDirectoryRows, type DirectoryFilter } from './members.queries.ts';
import type { DirectoryCache } from './directory-cache.ts';

/** Turns the query into the directory's filter rules. */
export function toDirectoryFilter(q: MembersQuery): DirectoryFilter {
  const f: DirectoryFilter = {};
  if (q.search !== undefined) {
    if (isMatricSearch(q.search)) f.matric = q.search.toUpperCase();
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

/** The cache keys: every field of the parsed query (trimmed by the schema), in a fixed order. */
export const filterKey = (q: MembersQuery) => JSON.stringify([q.search, q.level, q.role, q.skill, q.year]);
export const pageKey = (q: MembersQuery) => JSON.stringify([q.search, q.level, q.role, q.skill, q.year, q.page, q.limit]);

/**
 * GET /members: one page and the filter's total, straight from the database. `total` may come
 * from elsewhere (the cache of totals); by default it is counted here.
 */
export async function listMembers(db: Db, q: MembersQuery, total?: number | Promise<number>) {
  const filter = toDirectoryFilter(q);
  const [rows, count] = await Promise.all([findDirectoryRows(db, filter, q.limit, (q.page - 1) * q.limit), total ?? countDirectory(db, filter)]);
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
  return { data, total: count, page: q.page, limit: q.limit, total_pages: Math.ceil(count / q.limit) };
}

/**
 * The serialised answer of GET /members, from the cache when it holds the page (synchronously),
 * else built from the database and kept. The answer is the same for every visitor: it holds only
 * public fields of activated members and does not depend on who asks.
 */
export function directoryBody(db: Db, cache: DirectoryCache, q: MembersQuery): string | Promise<string> {
  return cache.pages.get(pageKey(q), async () => {
    const total = cache.totals.get(filterKey(q), () => countDirectory(db, toDirectoryFilter(q)));
    return JSON.stringify({ success: true, ...(await listMembers(db, q, total)) });
  });
}
