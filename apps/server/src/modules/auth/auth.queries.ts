import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { lockKey } from '../../db/advisory-locks.ts';
import type { Db } from '../../db/client.ts';
import { emailChanges, loginFailures, memberRoles, oneTimeTokens, sessions, users } from '../../db/schema.ts';

export type TokenPurpose = 'set_password' | 'reset_password';

export async function findUserByMatric(db: Db, matric: string) {
  const [row] = await db.select({ id: users.id, password_hash: users.password_hash }).from(users).where(eq(users.matric_number, matric)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findPasswordHash(db: Db, userId: string) {
  const [row] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, userId));
  return row?.password_hash ?? null;
}

/** Creates the account with its first member role, unverified unless the class list names the student. Null when e-mail or matric is taken. */
export async function insertMember(db: Db, input: { email: string; matric_number: string }) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, matric_number: input.matric_number })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return null;
    // A student on the department's class list (imported by a data admin before they registered)
    // is verified at once, with the list's name and level (decision 050).
    const listed = await tx.execute<{ matric_number: string }>(sql`
      update users u set name = e.name, current_level = coalesce(u.current_level, e.level)
      from class_list_entries e where u.id = ${user.id} and e.matric_number = u.matric_number returning e.matric_number`);
    const verified = listed.rows.length > 0;
    await tx.insert(memberRoles).values({ user_id: user.id, role_name: 'Members', role_type: 'member', is_current: true, verified_by_admin: verified });
    return user;
  });
}

export async function emailOrMatricTaken(db: Db, email: string, matric: string) {
  const rows = await db.select({ email: users.email, matric: users.matric_number }).from(users).where(sql`${users.email} = ${email} or ${users.matric_number} = ${matric}`);
  return { email: rows.some((r) => r.email === email), matric: rows.some((r) => r.matric === matric) };
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db.update(sessions).set({ revoked_at: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** Ends every session of the user except `keepSessionId` (all when it is null). */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string | null, now: Date) {
  const conditions = [eq(sessions.user_id, userId), isNull(sessions.revoked_at)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db.update(sessions).set({ revoked_at: now }).where(and(...conditions));
}

export async function setPassword(db: Db, userId: string, passwordHash: string, now: Date) {
  await db
    .update(users)
    .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now, email_verified_at: sql`coalesce(${users.email_verified_at}, ${now})` })
    .where(eq(users.id, userId));
}

/** Issues a one-time token; a newer one voids the user's older unused ones. */
export async function insertOneTimeToken(db: Db, userId: string, purpose: TokenPurpose, tokenHash: string, now: Date, expiresAt: Date) {
  await db.transaction(async (tx) => {
    await tx.update(oneTimeTokens).set({ used_at: now }).where(and(eq(oneTimeTokens.user_id, userId), isNull(oneTimeTokens.used_at)));
    await tx.insert(oneTimeTokens).values({ user_id: userId, purpose, token_hash: tokenHash, created_at: now, expires_at: expiresAt });
  });
}

/** Marks a valid one-time token used and answers its user, atomically: a token works once. */
export async function consumeOneTimeToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(and(eq(oneTimeTokens.token_hash, tokenHash), isNull(oneTimeTokens.used_at), gt(oneTimeTokens.expires_at, now)))
    .returning({ user_id: oneTimeTokens.user_id });
  return row ?? null;
}

/** Voids the user's unused links: password links and pending e-mail changes (a new password cancels a change someone else may have asked for). */
export async function voidOneTimeTokens(db: Db, userId: string, now: Date) {
  await db.update(oneTimeTokens).set({ used_at: now }).where(and(eq(oneTimeTokens.user_id, userId), isNull(oneTimeTokens.used_at)));
  await db.update(emailChanges).set({ used_at: now }).where(and(eq(emailChanges.user_id, userId), isNull(emailChanges.used_at)));
}

export type SecretKind = 'password' | 'totp';

/**
 * Counts one try of an account's secret (secret-attempts.ts) from `address`, unless `perAddress`
 * tries of the kind from that address, or `perAccount` from all addresses, already failed since
 * `since`: then answers null. One call of `aesa_count_secret_attempt` (migration 0032), one round
 * trip: under the account's advisory lock it drops the tries older than the window, counts the
 * rest and writes this one, each statement seeing every try committed before the lock was
 * granted. An advisory lock rather than the users row, so that an unknown account waits the same
 * way and nothing else that touches the row waits. Answers the counted try's id (null for an
 * account that does not exist: nothing is written, by the same statements).
 */
export async function countSecretAttempt(
  db: Db,
  a: { userId: string; lockKey: string; kind: SecretKind; now: Date; since: Date; address: string | null; perAddress: number; perAccount: number },
): Promise<{ id: string | null } | null> {
  const { rows } = await db.execute<{ refused: boolean; attempt_id: string | null }>(
    sql`select refused, attempt_id from aesa_count_secret_attempt(${lockKey('secretAttempts', a.lockKey)}, ${a.userId}::uuid, ${a.kind}, ${a.now.toISOString()}::timestamptz,
        ${a.since.toISOString()}::timestamptz, ${a.address}, ${a.perAddress}::int, ${a.perAccount}::int)`,
  );
  const row = rows[0]!;
  return row.refused ? null : { id: row.attempt_id };
}

/** A right secret withdraws its own counted try. */
export async function withdrawSecretAttempt(db: Db, id: string) {
  await db.delete(loginFailures).where(eq(loginFailures.id, Number(id)));
}
