import { MSG } from '@aesa/shared/messages';
import { devMailboxOn, type AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import { admitSignIn, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { queueMail } from '../mail/mail.service.ts';
import { resetPasswordMail, setPasswordMail } from '../mail/mail.templates.ts';
import * as q from './auth.queries.ts';
import { refusePersonalPassword, refusePersonalPasswordOf } from './password-rules.ts';
import { findPasswordLinkOwner } from './password-rules.queries.ts';
import { checkSecret, checkSecretOfNoAccount } from './secret-attempts.ts';
import { openSession } from './session.queries.ts';
import { toSessionUser } from './session-user.ts';

const HOUR = 3600_000;
export const SESSION_TTL_MS = 24 * HOUR;
export const SET_PASSWORD_TTL_MS = 72 * HOUR;
export const RESET_TTL_MS = 1 * HOUR;

export interface AuthDeps {
  db: Db;
  config: AppConfig;
}

/** The answer of a right password for an account with a second factor: a short-lived challenge for the code. */
export interface SecondFactorChallenge {
  mfa_required: true;
  mfa_token: string;
  expires_at: string;
}

/**
 * The second step of sign-in, for accounts that turned a second factor on: a challenge, or null
 * when the account has none. Given by the second-factor module (modules/mfa) where the app is
 * put together (app.ts), so that sign-in does not depend on it: it depends on sign-in.
 */
export type SecondFactorStep = (deps: AuthDeps, userId: string) => Promise<SecondFactorChallenge | null>;

export async function signup({ db, config }: AuthDeps, input: { email: string; matric_number: string }) {
  const user = await q.insertMember(db, input);
  if (!user) {
    const taken = await q.emailOrMatricTaken(db, input.email, input.matric_number);
    throw fail(taken.email ? 'AUTH_EMAIL_TAKEN' : 'AUTH_MATRIC_TAKEN');
  }
  await sendPasswordLink({ db, config }, user.id, input.email, 'set_password');
  return { message: MSG.registrationSuccess };
}

async function sendPasswordLink({ db, config }: AuthDeps, userId: string, email: string, purpose: q.TokenPurpose) {
  const now = config.clock();
  const { token, hash } = newToken();
  const ttl = purpose === 'set_password' ? SET_PASSWORD_TTL_MS : RESET_TTL_MS;
  await q.insertOneTimeToken(db, userId, purpose, hash, now, new Date(now.getTime() + ttl));
  // A new member sets a first password; nobody is resetting anything, and the page says so.
  const page = purpose === 'set_password' ? 'set-password' : 'reset-password';
  const link = `${config.publicUrl}/${page}?token=${token}`;
  const mail = purpose === 'set_password' ? setPasswordMail(config.associationName, link) : resetPasswordMail(config.associationName, link);
  await queueMail(db, [{ to: email, ...mail }], { smtp: !!config.smtpUrl });
  // Without a mail server the operator reads the link on their own console or on /dev/mail. The
  // console is the operator's, not a log: no logger line ever carries a token.
  if (devMailboxOn(config)) console.log(`  [mail kept] ${mail.subject} -> ${email}: ${link}`);
}

/** `comeBackTicket`: what a busy server's refusal gave this client, sent back (lib/come-back-ticket.ts). */
export async function login({ db, config, secondFactor }: AuthDeps & { secondFactor: SecondFactorStep }, input: { matric_number: string; password: string }, comeBackTicket?: string) {
  // 503 before any database work when the password checks are backed up or this address holds its share.
  const seat = admitSignIn(comeBackTicket);
  const now = config.clock();
  let user: Awaited<ReturnType<typeof q.findUserByMatric>>;
  let ok: boolean;
  try {
    user = await q.findUserByMatric(db, input.matric_number);
    // An unknown matric number costs the same statements, lock and hashing as a wrong password.
    ok = user
      ? await checkSecret(db, now, user.id, 'password', () => seat.enter(() => verifyPassword(user!.password_hash, input.password)))
      : await checkSecretOfNoAccount(db, now, input.matric_number, 'password', () => seat.enter(() => verifyPassword(null, input.password)));
  } finally {
    seat.release();
  }
  if (!user || !ok) throw fail('AUTH_INVALID_CREDENTIALS');
  // With a second factor on, the right password gives only a short-lived challenge for the code.
  const challenge = await secondFactor({ db, config }, user.id);
  if (challenge) return challenge;
  return issueSession(db, now, user.id);
}

/** A new session for a user who has proved who they are: the login answer. */
export async function issueSession(db: Db, now: Date, userId: string) {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const row = await openSession(db, userId, hash, now, expiresAt);
  return { token, user: toSessionUser(row), expires_at: expiresAt.toISOString() };
}

export async function changePassword({ db, config }: AuthDeps, userId: string, sessionId: string, input: { current_password: string; new_password: string }) {
  await refusePersonalPasswordOf(db, config, userId, input.new_password);
  const current = await q.findPasswordHash(db, userId);
  const now = config.clock();
  // 400, not 401: a 401 would end the member's session in the client.
  if (!(await checkSecret(db, now, userId, 'password', () => verifyPassword(current, input.current_password)))) throw fail('AUTH_CURRENT_PASSWORD_WRONG');
  await q.setPassword(db, userId, await hashPassword(input.new_password), now);
  await q.revokeOtherSessions(db, userId, sessionId, now);
  await q.voidOneTimeTokens(db, userId, now);
  return { message: MSG.passwordChanged };
}

/** Answers the same whether or not the account exists; the mail is queued in the background. */
export function forgotPassword(deps: AuthDeps, email: string, onError: (err: unknown) => void) {
  setImmediate(() => {
    q.findUserByEmail(deps.db, email)
      .then((user) => (user ? sendPasswordLink(deps, user.id, user.email, 'reset_password') : undefined))
      .catch(onError);
  });
  return { message: MSG.resetRequestSent };
}

export async function resetPasswordConfirm({ db, config }: AuthDeps, input: { token: string; new_password: string }) {
  const now = config.clock();
  const tokenHash = hashToken(input.token);
  // The link is checked before the password is hashed: a made-up token costs one indexed read,
  // never an argon2 check, so a stranger cannot fill the password pool with bogus links. Its
  // member is needed for the password rules too.
  const owner = await findPasswordLinkOwner(db, tokenHash, now);
  if (!owner) throw fail('AUTH_RESET_LINK_INVALID');
  refusePersonalPassword(config, input.new_password, owner);
  const passwordHash = await hashPassword(input.new_password);
  // Consumed only now (a 503 from a busy pool leaves the link usable); of two parallel uses one wins.
  const used = await q.consumeOneTimeToken(db, tokenHash, now);
  if (!used) throw fail('AUTH_RESET_LINK_INVALID');
  await q.setPassword(db, used.user_id, passwordHash, now);
  await q.revokeOtherSessions(db, used.user_id, null, now);
  await q.voidOneTimeTokens(db, used.user_id, now);
  return { message: MSG.resetConfirmSuccess };
}
