import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailChanges, users } from '../../db/schema.ts';

/** True when another account already uses the address. */
export async function emailUsedByOther(db: Pick<Db, 'select'>, email: string, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, userId))).limit(1);
  return !!row;
}

/** Requests of the account since `since` (every request sends a mail, so they are limited). */
export async function countRequestsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailChanges)
    .where(and(eq(emailChanges.user_id, userId), gt(emailChanges.created_at, since)));
  return row?.n ?? 0;
}

/** Stores a pending change; it voids the account's older pending ones. */
export async function insertEmailChange(db: Db, userId: string, newEmail: string, tokenHash: string, now: Date, expiresAt: Date) {
  await db.transaction(async (tx) => {
    await tx.update(emailChanges).set({ used_at: now }).where(and(eq(emailChanges.user_id, userId), isNull(emailChanges.used_at)));
    await tx.insert(emailChanges).values({ user_id: userId, new_email: newEmail, token_hash: tokenHash, created_at: now, expires_at: expiresAt });
  });
}

export type ConfirmOutcome = { kind: 'invalid' } | { kind: 'taken' } | { kind: 'changed'; userId: string; oldEmail: string; newEmail: string };

/**
 * Follows a link: marks its pending change used (so a link works once, even under concurrent
 * use) and, unless another account took the address meanwhile, moves the account to it, all in
 * one transaction. A link whose address was taken is used up too: the member asks again.
 */
export async function confirmEmailChange(db: Db, tokenHash: string, now: Date): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .update(emailChanges)
      .set({ used_at: now })
      .where(and(eq(emailChanges.token_hash, tokenHash), isNull(emailChanges.used_at), gt(emailChanges.expires_at, now)))
      .returning({ user_id: emailChanges.user_id, new_email: emailChanges.new_email });
    if (!change) return { kind: 'invalid' } as const;
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, change.user_id)).for('update');
    if (!user) return { kind: 'invalid' } as const;
    if (await emailUsedByOther(tx, change.new_email, change.user_id)) return { kind: 'taken' } as const;
    await tx
      .update(users)
      .set({ email: change.new_email, email_verified_at: now, updated_at: now })
      .where(eq(users.id, change.user_id));
    return { kind: 'changed', userId: change.user_id, oldEmail: user.email, newEmail: change.new_email } as const;
  });
}
