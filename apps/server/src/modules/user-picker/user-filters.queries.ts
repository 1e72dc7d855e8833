import { sql, type SQL } from 'drizzle-orm';
import { demoAccounts, userSkills, users } from '../../db/schema.ts';
import { likeEscape } from '../../db/like-escape.ts';

// The member filters of the admin pickers (the same search rules as the members directory),
// shared by the user picker and the communications member list.


/**
 * Digits-only text matches the matric number by substring; other text matches name or e-mail,
 * case-insensitively (the name only for a caller who may not read e-mail addresses).
 */
export function searchCondition(search: string | undefined, matchEmail = true): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${likeEscape(search.toLowerCase())}%`;
  if (/^\d+$/.test(search)) return sql`${users.matric_number} like ${pattern}`;
  if (!matchEmail) return sql`lower(${users.name}) like ${pattern}`;
  return sql`(lower(${users.name}) like ${pattern} or ${users.email} like ${pattern})`;
}

/** "300" or "300 Level" match by digits; "Alumni" matches Alumni only; anything else exactly (case-insensitive). */
export function levelCondition(level: string | undefined): SQL | undefined {
  if (!level) return undefined;
  const digits = level.replace(/\D/g, '');
  if (digits) return sql`regexp_replace(coalesce(${users.current_level}, ''), '\\D', '', 'g') = ${digits}`;
  return sql`lower(${users.current_level}) = ${level.toLowerCase()}`;
}

/**
 * Not the demo super admin: a login made for trying the admin area, not a member anyone should
 * choose as a candidate, an executive or a recipient. Demo members stay pickable (they are the
 * demo's members).
 */
export const notDemoAdmin = (): SQL =>
  sql`not exists (select 1 from ${demoAccounts} where ${demoAccounts.user_id} = ${users.id} and ${demoAccounts.kind} = 'admin')`;

/** Members with a skill whose name contains the text (case-insensitive). */
export function skillCondition(skill: string | undefined): SQL | undefined {
  if (!skill) return undefined;
  const pattern = `%${likeEscape(skill.toLowerCase())}%`;
  return sql`exists (select 1 from ${userSkills} where ${userSkills.user_id} = ${users.id} and lower(${userSkills.skill_name}) like ${pattern})`;
}
