import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './tx.ts';

// Every PostgreSQL advisory lock the app takes, in one place, so that two rules never share a key
// by accident. Each is a transaction lock: it is released at commit or rollback.
const KEYS = {
  /** Who holds which admin role and what a role may do: the "last super admin" check sees every earlier change. */
  adminMembership: () => sql`${0x4145_5341}`, // "AESA"
  /** Secret tries (passwords, second-factor codes) of one account: counted before the verdict. */
  secretAttempts: (account: string) => sql`hashtext(${'secret-attempts:' + account})`,
  /** One member's roles while a batch writes them. */
  memberRoles: (userId: string) => sql`hashtext(${'member_roles:' + userId})`,
  /** Assigning executive offices: one handover at a time. */
  executiveAssignment: () => sql`hashtext('executives:assign')`,
  /** Applying a class list and handing over to the next session: one at a time, so two cannot both add a member's role. */
  membershipYear: () => sql`hashtext('membership:year')`,
} as const;

type LockName = keyof typeof KEYS;

/** The named lock's key, for a statement that takes the lock itself (a function in the database). */
export function lockKey<N extends LockName>(name: N, ...args: Parameters<(typeof KEYS)[N]>): SQL {
  return (KEYS[name] as (...a: unknown[]) => SQL)(...args);
}

/** Takes the named lock for the rest of the transaction, waiting for whoever holds it. */
export async function lockFor<N extends LockName>(tx: Executor, name: N, ...args: Parameters<(typeof KEYS)[N]>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(name, ...args)})`);
}

/**
 * Applying the migrations (db/migrate.ts): one process at a time on a database, whatever machine it
 * runs on. A session lock (not a transaction lock), held on a connection of its own while the
 * migrations run on others.
 */
export const MIGRATIONS_LOCK_KEY = 0x4145_534d; // "AESM"
