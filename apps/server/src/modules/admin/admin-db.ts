import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';

/** A transaction handle; queries take either it or the pool-backed Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** True when the error is a unique violation (optionally of one named index). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return !constraint || e.constraint === constraint;
  }
  return false;
}

// Any change to who holds which admin role, or to a role's flags, runs under this one lock, so
// the "last super admin" check below sees every earlier change committed: two demotions racing
// cannot both pass (each sees the other's result, READ COMMITTED takes a new snapshot per statement).
const ADMIN_MEMBERSHIP_LOCK = 0x4145_5341; // "AESA"

/** Runs `fn` in a transaction holding the admin-membership lock, then refuses to commit if no super admin is left. */
export async function changeAdminMembership<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_MEMBERSHIP_LOCK})`);
    const result = await fn(tx);
    const { rows } = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from admin_users au join admin_roles ar on ar.id = au.admin_role_id where ar.is_super_admin`);
    if (rows[0]!.n === 0) throw fail('ADMIN_LAST_SUPER_ADMIN');
    return result;
  });
}
