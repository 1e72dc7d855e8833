import { and, asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userSkills, users } from '../../db/schema.ts';
import { levelCondition, notDemoAdmin, searchCondition, skillCondition } from './user-filters.queries.ts';

/**
 * Members for the picker. Without `withEmail` the rows carry no e-mail and the search does not
 * match on it either (otherwise a search would confirm whose address it is).
 */
export async function pickUsers(db: Db, q: { search?: string; level?: string; skill?: string; limit: number }, withEmail: boolean) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      ...(withEmail ? { email: users.email } : {}),
      matric_number: users.matric_number,
      current_level: users.current_level,
      enrollment_year: users.enrollment_year,
      version: users.version,
      profile_image_url: users.profile_image_url,
    })
    .from(users)
    .where(and(notDemoAdmin(), searchCondition(q.search, withEmail), levelCondition(q.level), skillCondition(q.skill)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(q.limit);
  if (rows.length === 0) return [];
  const skills = await db
    .select({ user_id: userSkills.user_id, skill_name: userSkills.skill_name })
    .from(userSkills)
    .where(inArray(userSkills.user_id, rows.map((r) => r.id)))
    .orderBy(asc(userSkills.created_at));
  return rows.map((r) => ({ ...r, user_skills: skills.filter((s) => s.user_id === r.id).map((s) => ({ skill_name: s.skill_name })) }));
}

