import type { Db } from '../../db/client.ts';
import { outsideRequestTransaction } from '../../db/request-transaction.ts';
import { fail } from '../../lib/app-error.ts';
import { clientAddressKey } from '../../lib/client-address.ts';
import { countSecretAttempt, withdrawSecretAttempt, type SecretKind } from './auth.queries.ts';

export type { SecretKind } from './auth.queries.ts';

export const LOCKOUT_WINDOW_MS = 15 * 60_000;
/** Failed tries of one kind per account and client address in a window (decision 058). */
export const LOCKOUT_FAILURES = 10;
/** Failed tries of one kind per account from all addresses together in a window (decision 058). */
export const LOCKOUT_ACCOUNT_CEILING = 50;

// No account has this id (ids are random version-4 UUIDs): the unknown account's statements find nothing.
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * Checks one of an account's secrets (its password, a TOTP or recovery code) under the lockout:
 * in LOCKOUT_WINDOW_MS, at most LOCKOUT_FAILURES failed tries of a kind from one client address,
 * and at most LOCKOUT_ACCOUNT_CEILING from all addresses together (decision 058). A stranger who
 * guesses a member's password locks only its own address out of that account; the member signs
 * in from theirs. Tries spread over many addresses still meet the ceiling. The address is the
 * request's (lib/client-address.ts): no caller passes it, so no caller can forget it.
 *
 * The try is counted before its verdict is computed, in a short transaction that holds the
 * account's lock, so that parallel tries see each other: however many arrive at once, no more
 * than LOCKOUT_FAILURES verdicts are given in a window, and the rest are refused with 429 without
 * the secret being checked. A right secret withdraws its own count; a wrong one leaves it.
 * Every place that checks a password or a code goes through here.
 */
export function checkSecret(db: Db, now: Date, userId: string, kind: SecretKind, verify: () => Promise<boolean>): Promise<boolean> {
  return attempt(db, now, userId, `account:${userId}`, kind, verify);
}

/**
 * The same work as checkSecret for an account that does not exist (an unknown matric number):
 * the same lock, statements and `verify` (against a dummy hash), so that the answer's time does
 * not tell whether the account exists. Nothing is written; the answer is always false.
 */
export async function checkSecretOfNoAccount(db: Db, now: Date, identifier: string, kind: SecretKind, verify: () => Promise<boolean>): Promise<false> {
  await attempt(db, now, NO_ACCOUNT, `unknown:${identifier}`, kind, verify);
  return false;
}

async function attempt(db: Db, now: Date, userId: string, lockKey: string, kind: SecretKind, verify: () => Promise<boolean>): Promise<boolean> {
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS);
  // Counted outside the request's transaction (an audited write checking a code or password):
  // a wrong secret fails the request, and its rollback must not take the count with it.
  const address = clientAddressKey();
  const limits = { perAddress: LOCKOUT_FAILURES, perAccount: LOCKOUT_ACCOUNT_CEILING };
  const counted = await outsideRequestTransaction(() => countSecretAttempt(db, { userId, lockKey, kind, now, since, address, ...limits }));
  if (counted === null) throw fail('AUTH_ACCOUNT_LOCKED');
  let ok: boolean;
  try {
    ok = await verify();
  } catch (err) {
    // No verdict was given (the password checks were busy: 503): the try does not count.
    if (counted.id !== null) await withdrawSecretAttempt(db, counted.id);
    throw err;
  }
  if (ok && counted.id !== null) await withdrawSecretAttempt(db, counted.id);
  return ok;
}
