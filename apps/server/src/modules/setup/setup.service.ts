import { SETUP_MSG, type FirstAdminInput } from '@aesa/shared/setup';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { isUniqueViolation } from '../../db/tx.ts';
import { changeAdminMembership } from '../admin-roles/admin-membership.queries.ts';
import { ensureSuperAdmin } from '../admin/super-admin.ts';
import { refusePersonalPassword } from '../auth/password-rules.ts';
import * as q from './setup.queries.ts';

export const SETUP_TOKEN_TTL_MS = 3600_000;
export const SETUP_PATH = '/setup';

/**
 * At start, on a database without a super admin: a new one-time link (1 hour) that creates the
 * first one, for the operator's console only. It voids any earlier link. Null when a super admin
 * exists.
 */
export async function issueSetupLink(db: Db, config: Pick<AppConfig, 'publicUrl' | 'clock'>): Promise<string | null> {
  if (await q.superAdminExists(db)) return null;
  const now = config.clock();
  const { token, hash } = newToken();
  await q.issueSetupToken(db, hash, now, new Date(now.getTime() + SETUP_TOKEN_TTL_MS));
  return `${config.publicUrl}${SETUP_PATH}?token=${token}`;
}

/** Whether the link would still create the first super admin now. */
export async function setupLinkValid(db: Db, now: Date, token: string): Promise<boolean> {
  if (!(await q.setupTokenUsable(db, hashToken(token), now))) return false;
  return !(await q.superAdminExists(db));
}

/**
 * Creates the first super admin from a setup link, in one transaction under the lock every
 * change of admin membership takes: the link is consumed, and the account made, only if no super
 * admin exists yet. Of two parallel uses of one link exactly one wins. A refusal changes nothing
 * (the link keeps working after a taken e-mail, for instance).
 */
export async function createFirstAdmin(db: Db, now: Date, input: FirstAdminInput, config: Pick<AppConfig, 'associationName'>) {
  try {
    await changeAdminMembership(db, async (tx) => {
      if (!(await q.consumeSetupToken(tx, hashToken(input.token), now))) throw fail('SETUP_LINK_INVALID');
      if (await q.superAdminExists(tx)) throw fail('SETUP_ADMIN_EXISTS');
      // A new account only: a setup link must not take over an existing member's account.
      const taken = await q.emailOrMatricTaken(tx, input.email, input.matric_number);
      if (taken.email) throw fail('AUTH_EMAIL_TAKEN');
      if (taken.matric) throw fail('AUTH_MATRIC_TAKEN');
      // Once the link is known good: not the new administrator's own details (the link stays usable).
      refusePersonalPassword(config, input.password, { name: input.name, email: input.email, matric_number: input.matric_number });
      await ensureSuperAdmin(tx, { email: input.email, matric: input.matric_number, password: input.password, name: input.name });
    });
  } catch (err) {
    // A sign-up that took the e-mail or matric number between the check and the insert.
    if (isUniqueViolation(err)) throw fail('AUTH_EMAIL_TAKEN');
    throw err;
  }
  return { message: SETUP_MSG.created };
}
