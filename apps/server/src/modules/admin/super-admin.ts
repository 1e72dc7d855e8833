import { hashPassword } from '../../lib/passwords.ts';
import type { Executor } from '../../db/tx.ts';
import { makeSuperAdmin } from './super-admin.queries.ts';

export { SUPER_ADMIN_ROLE } from './super-admin.queries.ts';

/**
 * Creates the account (or finds it by e-mail or matric number), sets its password and makes it
 * a super admin. Used by `npm run create-admin`, the demo seed and the first-administrator setup
 * (inside its own transaction, so `db` may be one).
 */
export async function ensureSuperAdmin(db: Executor, input: { email: string; matric: string; password: string; name?: string }) {
  const passwordHash = await hashPassword(input.password);
  return makeSuperAdmin(db, { email: input.email, matric: input.matric, name: input.name, passwordHash });
}
