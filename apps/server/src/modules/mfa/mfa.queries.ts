import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mfaChallenges, recoveryCodes, securitySettings, userTotp, users } from '../../db/schema.ts';

export async function findTotp(db: Db, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.user_id, userId));
  return row ?? null;
}

export async function hasConfirmedTotp(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(userTotp).where(and(eq(userTotp.user_id, userId), isNotNull(userTotp.confirmed_at)));
  return (row?.n ?? 0) > 0;
}

/** A new pending secret, replacing an older pending one; never a confirmed one (null then). */
export async function savePendingSecret(db: Db, userId: string, sealed: string, now: Date) {
  const [row] = await db
    .insert(userTotp)
    .values({ user_id: userId, secret: sealed, created_at: now })
    .onConflictDoUpdate({ target: userTotp.user_id, set: { secret: sealed, created_at: now, last_used_step: null }, setWhere: isNull(userTotp.confirmed_at) })
    .returning({ user_id: userTotp.user_id });
  return row ?? null;
}

/**
 * Records `step` as used, only if it is newer than the last used one: of two requests with the
 * same code, exactly one gets the row back (the update locks it).
 */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ last_used_step: step })
    .where(and(eq(userTotp.user_id, userId), or(isNull(userTotp.last_used_step), lt(userTotp.last_used_step, step))))
    .returning({ user_id: userTotp.user_id });
  return rows.length > 0;
}

/** Turns a pending secret on and stores fresh recovery codes, in one transaction. */
export async function confirmTotp(db: Db, userId: string, codeHashes: string[], now: Date) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(userTotp)
      .set({ confirmed_at: now })
      .where(and(eq(userTotp.user_id, userId), isNull(userTotp.confirmed_at)))
      .returning({ user_id: userTotp.user_id });
    if (rows.length === 0) return false;
    await replaceCodes(tx as unknown as Db, userId, codeHashes, now);
    return true;
  });
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[], now: Date) {
  await db.transaction((tx) => replaceCodes(tx as unknown as Db, userId, codeHashes, now));
}

async function replaceCodes(db: Db, userId: string, codeHashes: string[], now: Date) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })));
}

/** Marks an unused recovery code used; true for exactly one caller per code. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ used_at: now })
    .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, codeHash), isNull(recoveryCodes.used_at)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return row?.n ?? 0;
}

export async function removeTotp(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(userTotp).where(eq(userTotp.user_id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    await tx.delete(mfaChallenges).where(eq(mfaChallenges.user_id, userId));
  });
}

export async function insertChallenge(db: Db, userId: string, tokenHash: string, now: Date, expiresAt: Date) {
  // Expired challenges of the account go at the same time: the table stays small.
  await db.delete(mfaChallenges).where(and(eq(mfaChallenges.user_id, userId), lt(mfaChallenges.expires_at, now)));
  await db.insert(mfaChallenges).values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt });
}

export async function findLiveChallenge(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: mfaChallenges.id, user_id: mfaChallenges.user_id })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.token_hash, tokenHash), isNull(mfaChallenges.used_at), gt(mfaChallenges.expires_at, now)));
  return row ?? null;
}

/** Uses the challenge up; true for exactly one caller. */
export async function consumeChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ used_at: now })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.used_at), gt(mfaChallenges.expires_at, now)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

export async function readSecuritySettings(db: Db) {
  const [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, true));
  return row ?? { require_admin_mfa: false, updated_at: null, updated_by: null };
}

export async function writeSecuritySettings(db: Db, requireAdminMfa: boolean, userId: string, now: Date) {
  const [row] = await db
    .insert(securitySettings)
    .values({ id: true, require_admin_mfa: requireAdminMfa, updated_at: now, updated_by: userId })
    .onConflictDoUpdate({ target: securitySettings.id, set: { require_admin_mfa: requireAdminMfa, updated_at: now, updated_by: userId } })
    .returning();
  return row!;
}

/** Whether an admin must set up a second factor before any admin call: required, and not on. */
export async function mfaSetupMissing(db: Db, userId: string): Promise<boolean> {
  const { rows } = await db.execute<{ missing: boolean }>(sql`
    select coalesce((select require_admin_mfa from security_settings where id), false)
       and not exists (select 1 from user_totp where user_id = ${userId} and confirmed_at is not null) as missing`);
  return !!rows[0]?.missing;
}

/** Whether this code is one of the account's recovery codes, already used (to say so, not "not right"). */
export async function recoveryCodeWasUsed(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, codeHash), isNotNull(recoveryCodes.used_at)));
  return (row?.n ?? 0) > 0;
}

/** Where the second factor's notices go. */
export async function findOwnerAddress(db: Db, userId: string) {
  const [row] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

