import { sql } from 'drizzle-orm';
import { lockFor } from '../../db/advisory-locks.ts';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/tx.ts';
import { fail } from '../../lib/app-error.ts';

/**
 * Runs `fn` in a transaction holding the admin-membership lock, then refuses to commit if no
 * super admin is left. Every change to who holds which admin role, or to a role's flags, runs
 * here, so the check sees every earlier change committed: two demotions racing cannot both pass
 * (each sees the other's result; READ COMMITTED takes a new snapshot per statement).
 */
export async function changeAdminMembership<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockFor(tx, 'adminMembership');
    const result = await fn(tx);
    const { rows } = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from admin_users au join admin_roles ar on ar.id = au.admin_role_id where ar.is_super_admin`);
    if (rows[0]!.n === 0) throw fail('ADMIN_LAST_SUPER_ADMIN');
    return result;
  });
}
