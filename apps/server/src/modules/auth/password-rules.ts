import { personalPasswordRule, type PasswordOwner } from '@aesa/shared/password-rules';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import { findPasswordOwner } from './password-rules.queries.ts';

/**
 * Refuses (400 AUTH_PASSWORD_PERSONAL, with the rule broken) a new password that contains the
 * member's matric number, e-mail name, name or the association's name, or is one character
 * repeated: checked wherever a password is set, against the member it is set for.
 */
export function refusePersonalPassword(config: Pick<AppConfig, 'associationName'>, password: string, owner: PasswordOwner) {
  const rule = personalPasswordRule(password, { ...owner, associationName: config.associationName });
  if (rule) throw fail('AUTH_PASSWORD_PERSONAL', rule, config.associationName);
}

/** The same, for a member of the database. */
export async function refusePersonalPasswordOf(db: Db, config: Pick<AppConfig, 'associationName'>, userId: string, password: string) {
  refusePersonalPassword(config, password, (await findPasswordOwner(db, userId)) ?? {});
}
