import type { FastifyInstance } from 'fastify';
import { EMAIL_CHANGE_MSG } from '@aesa/shared/messages';
import { fail } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { findPasswordHash, revokeOtherSessions, voidOneTimeTokens } from '../auth/auth.queries.ts';
import { checkSecret } from '../auth/secret-attempts.ts';
import type { AuthUser } from '../auth/session-user.ts';
import { queueMail } from '../mail/mail.service.ts';
import * as q from './email-change.queries.ts';
import { confirmEmailChangeMail, emailChangedMail, emailChangeRequestedMail } from './profile.mail.ts';

// A new e-mail address takes over the account's password resets, so moving it is as sensitive as
// the password itself: it needs the current password (a stolen session token alone is not enough),
// and it happens only when the owner of the new address follows the link sent there.

export const EMAIL_CHANGE_TTL_MS = 24 * 3600_000;
/** Each request sends two mails: a member may ask this many times an hour. */
export const EMAIL_CHANGE_REQUESTS_PER_HOUR = 5;

/**
 * Everything a requested change must pass before anything is written: the current password
 * (under the per-account lockout), the new address free, the hourly limit. Throws the answer.
 */
export async function checkEmailChange(app: FastifyInstance, userId: string, newEmail: string, currentPassword: string | undefined) {
  // 400, not 401, for a missing or wrong password: a 401 would end the member's session in the client.
  if (!currentPassword) throw fail('EMAIL_CHANGE_PASSWORD_REQUIRED');
  const now = app.clock();
  const hash = await findPasswordHash(app.db, userId);
  if (!(await checkSecret(app.db, now, userId, 'password', () => verifyPassword(hash, currentPassword)))) throw fail('AUTH_CURRENT_PASSWORD_WRONG');
  if (await q.emailUsedByOther(app.db, newEmail, userId)) throw fail('AUTH_EMAIL_TAKEN');
  if ((await q.countRequestsSince(app.db, userId, new Date(now.getTime() - 3600_000))) >= EMAIL_CHANGE_REQUESTS_PER_HOUR) throw fail('RATE_LIMITED');
}

/** Stores the pending change, sends the link to the new address and tells the current one. Answers the message for the member. */
export async function startEmailChange(app: FastifyInstance, userId: string, currentEmail: string, newEmail: string): Promise<string> {
  const { config } = app;
  const now = app.clock();
  const { token, hash } = newToken();
  await q.insertEmailChange(app.db, userId, newEmail, hash, now, new Date(now.getTime() + EMAIL_CHANGE_TTL_MS));
  const link = `${config.publicUrl}/confirm-email?token=${token}`;
  await queueMail(
    app.db,
    [
      { to: newEmail, ...confirmEmailChangeMail(config.associationName, newEmail, link, EMAIL_CHANGE_TTL_MS / 3600_000) },
      { to: currentEmail, ...emailChangeRequestedMail(config.associationName, newEmail) },
    ],
    { smtp: !!config.smtpUrl },
  );
  return EMAIL_CHANGE_MSG.linkSent(newEmail);
}

/**
 * POST /auth/confirm-email: the link's token moves the account to the new address. The account's
 * other sessions end (the session that follows the link, if it is the account's own, stays), and
 * reset links sent to the old address stop working. The old address is told.
 */
export async function confirmEmail(app: FastifyInstance, token: string, requestUser: AuthUser | null) {
  const now = app.clock();
  const outcome = await q.confirmEmailChange(app.db, hashToken(token), now);
  if (outcome.kind === 'invalid') throw fail('EMAIL_CHANGE_LINK_INVALID');
  if (outcome.kind === 'taken') throw fail('AUTH_EMAIL_TAKEN');
  const keep = requestUser?.id === outcome.userId ? requestUser.sessionId : null;
  await revokeOtherSessions(app.db, outcome.userId, keep, now);
  await voidOneTimeTokens(app.db, outcome.userId, now);
  await queueMail(app.db, [{ to: outcome.oldEmail, ...emailChangedMail(app.config.associationName, outcome.newEmail) }], { smtp: !!app.config.smtpUrl });
  return { message: EMAIL_CHANGE_MSG.confirmed(outcome.newEmail), email: outcome.newEmail, signed_in: keep !== null };
}
