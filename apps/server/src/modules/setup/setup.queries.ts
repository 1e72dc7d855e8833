import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { setupTokens, users } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';

export async function superAdminExists(db: Executor): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists (select 1 from admin_users au join admin_roles ar on ar.id = au.admin_role_id where ar.is_super_admin) as found`);
  return rows[0]!.found;
}

/** Stores a new setup link's hash and voids every older unused one: only the newest link works. */
export async function issueSetupToken(db: Db, tokenHash: string, now: Date, expiresAt: Date) {
  await db.transaction(async (tx) => {
    await tx.update(setupTokens).set({ used_at: now }).where(isNull(setupTokens.used_at));
    await tx.insert(setupTokens).values({ token_hash: tokenHash, created_at: now, expires_at: expiresAt });
  });
}

const usable = (tokenHash: string, now: Date) => and(eq(setupTokens.token_hash, tokenHash), isNull(setupTokens.used_at), gt(setupTokens.expires_at, now));

export async function setupTokenUsable(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ id: setupTokens.id }).from(setupTokens).where(usable(tokenHash, now)).limit(1);
  return !!row;
}

/** Marks the link used if it still works, atomically: of two parallel uses, one gets true. */
export async function consumeSetupToken(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db.update(setupTokens).set({ used_at: now }).where(usable(tokenHash, now)).returning({ id: setupTokens.id });
  return rows.length > 0;
}

export async function emailOrMatricTaken(db: Executor, email: string, matric: string) {
  const rows = await db.select({ email: users.email, matric: users.matric_number }).from(users).where(sql`${users.email} = ${email} or ${users.matric_number} = ${matric}`);
  return { email: rows.some((r) => r.email === email), matric: rows.some((r) => r.matric === matric) };
}
