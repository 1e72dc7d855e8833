import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/session-user.ts';
import { mfaSetupMissing } from './mfa.queries.ts';

/**
 * Once a super admin requires a second factor of every admin, an admin without one holds no admin
 * rights until they set it up: admin routes answer 403 with a code the web app acts on (it opens
 * the setup), and routes that show admins more (unpublished results, hidden elections) show them
 * what a member sees. The setup routes are member routes, so they stay reachable. Checked on
 * every request of an admin (one small query), so switching it on applies to open sessions too.
 */
export async function applyAdminMfaPolicy(db: Db, user: AuthUser): Promise<AuthUser> {
  if (!user.admin || !(await mfaSetupMissing(db, user.id))) return user;
  return { ...user, admin: null, mfaSetupRequired: true };
}

export const mfaSetupRequiredError = () => fail('MFA_SETUP_REQUIRED');
