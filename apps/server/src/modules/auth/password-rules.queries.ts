import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens, users } from '../../db/schema.ts';

const ownerColumns = { id: users.id, matric_number: users.matric_number, email: users.email, name: users.name };

/** What the password rules know of a member: matric number, e-mail and name. */
export async function findPasswordOwner(db: Db, userId: string) {
  const [row] = await db.select(ownerColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The member a live password link is for, without using the link up (null for a bad link). */
export async function findPasswordLinkOwner(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select(ownerColumns)
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.user_id))
    .where(and(eq(oneTimeTokens.token_hash, tokenHash), isNull(oneTimeTokens.used_at), gt(oneTimeTokens.expires_at, now)));
  return row ?? null;
}
