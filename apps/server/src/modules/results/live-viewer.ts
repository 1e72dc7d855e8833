import type { Db } from '../../db/client.ts';
import { canUseModule } from '../../plugins/access.ts';
import type { SessionUserRow } from '../auth/session.queries.ts';
import { adminFlagsOf } from '../auth/session-user.ts';
import { mfaSetupMissing } from '../mfa/mfa.queries.ts';

/**
 * Whether a signed-in session sees the true live counts of an open election: an electoral (or
 * super) admin, unless a second factor is required of admins and this one has not set it up
 * (they then see what a member sees). Asked when a socket joins and whenever it is re-checked.
 */
export async function seesLiveCounts(db: Db, row: SessionUserRow): Promise<boolean> {
  return canUseModule(adminFlagsOf(row), 'electoral') && !(await mfaSetupMissing(db, row.id));
}
