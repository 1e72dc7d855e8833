import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { executives, users } from '../../db/schema.ts';

/** Holders that are current at `now`: flagged current and with no end date or one still ahead. */
export async function findCurrentExecutives(db: Db, now: Date) {
  return db
    .select({
      id: executives.id,
      position: executives.position,
      year: executives.year,
      created_at: executives.created_at,
      user_id: users.id,
      name: users.name,
      bio: users.bio,
      profile_image_url: users.profile_image_url,
    })
    .from(executives)
    .innerJoin(users, eq(users.id, executives.user_id))
    .where(and(eq(executives.is_current, true), or(isNull(executives.end_date), gt(executives.end_date, now))))
    .orderBy(desc(executives.created_at), executives.id);
}
