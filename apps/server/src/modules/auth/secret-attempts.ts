import { and, eq, gt, sql } from 'drizzle-orm';
import { SERVER_MSG } from '@aesa/shared/messages';
import type { Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';
import { tooMany } from '../../lib/app-error.ts';

export type SecretKind = 'password' | 'totp';

export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_FAILURES = 10;

/**
 * Checks one of an account's secrets (its password, a TOTP or recovery code) under the
 * per-account lockout: at most LOCKOUT_FAILURES failed tries of a kind in LOCKOUT_WINDOW_MS.
 *
 * The try is counted before its verdict is computed, in a short transaction that locks the
 * account's row, so that parallel tries see each other: however many arrive at once, no more
 * than LOCKOUT_FAILURES verdicts are given in a window, and the rest are refused with 429 without
 * the secret being checked. A right secret withdraws its own count; a wrong one leaves it.
 * Every place that checks a password or a code goes through here.
 */
export async function checkSecret(db: Db, now: Date, userId: string, kind: SecretKind, verify: () => Promise<boolean>): Promise<boolean> {
  const attemptId = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(loginFailures)
      .where(and(eq(loginFailures.user_id, userId), eq(loginFailures.kind, kind), gt(loginFailures.failed_at, new Date(now.getTime() - LOCKOUT_WINDOW_MS))));
    if ((row?.n ?? 0) >= LOCKOUT_FAILURES) return null;
    const [attempt] = await tx.insert(loginFailures).values({ user_id: userId, kind, failed_at: now }).returning({ id: loginFailures.id });
    return attempt!.id;
  });
  if (attemptId === null) throw tooMany(SERVER_MSG.accountLocked);
  const ok = await verify();
  if (ok) await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
  return ok;
}
