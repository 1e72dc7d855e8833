import { MFA_MSG, type MfaStatus } from '@aesa/shared/mfa';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, fail } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { findPasswordHash, revokeOtherSessions } from '../auth/auth.queries.ts';
import { checkSecret } from '../auth/secret-attempts.ts';
import { findAdminUser } from '../admin-users/admin-users.queries.ts';
import { queueMail } from '../mail/mail.service.ts';
import { recoveryCodeUsedMail, secondFactorOffMail, secondFactorOnMail, secondFactorResetMail } from '../mail/mail.templates.ts';
import * as q from './mfa.queries.ts';
import { mfaKey, openSecret, sealSecret } from './mfa-secret-box.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { isTotpCode, matchTotpStep, newTotpSecret, otpauthUri, qrRows } from './totp.ts';

/** How long the step between a right password and the code may take. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60_000;

export interface MfaDeps {
  db: Db;
  config: AppConfig;
}

/**
 * Checks a second factor of the account under the per-account lockout (kind 'totp', counted
 * apart from passwords): a current TOTP code whose time step was never accepted before, or an
 * unused recovery code, which is used up (and its owner is told by e-mail). A recovery code of
 * the account that was already used is refused as such (MFA_RECOVERY_CODE_USED), after its try
 * is counted like any wrong code. `pending` checks the secret being set up instead.
 */
export async function verifySecondFactor(deps: MfaDeps, userId: string, code: string, { pending = false } = {}): Promise<boolean> {
  const { db, config } = deps;
  const now = config.clock();
  let used: 'recovery code' | 'spent recovery code' | null = null;
  const ok = await checkSecret(db, now, userId, 'totp', async () => {
    if (!isTotpCode(code)) {
      if (pending) return false;
      const hash = hashRecoveryCode(code);
      if (await q.useRecoveryCode(db, userId, hash, now)) used = 'recovery code';
      else if (await q.recoveryCodeWasUsed(db, userId, hash)) used = 'spent recovery code';
      return used === 'recovery code';
    }
    const row = await q.findTotp(db, userId);
    if (!row || (row.confirmed_at === null) !== pending) return false;
    const step = matchTotpStep(openSecret(mfaKey(config), row.secret, userId), code, now);
    return step !== null && q.claimStep(db, userId, step);
  });
  if (used === 'spent recovery code') throw fail('MFA_RECOVERY_CODE_USED');
  if (ok && used === 'recovery code') {
    const remaining = await q.countUnusedRecoveryCodes(db, userId);
    await notifyOwner(deps, userId, (name, url) => recoveryCodeUsedMail(name, url, remaining));
  }
  return ok;
}

/** The second factor's notice to the account's owner, through the outbox (in the request's transaction, when it has one). */
async function notifyOwner({ db, config }: MfaDeps, userId: string, mail: (associationName: string, publicUrl: string) => { subject: string; text: string }) {
  const owner = await q.findOwnerAddress(db, userId);
  if (!owner) return;
  await queueMail(db, [{ to: owner.email, ...mail(config.associationName, config.publicUrl) }], { smtp: !!config.smtpUrl });
}

/**
 * The account's current password, under the same per-account lockout as sign-in: a wrong one
 * counts, a locked account is refused (429) before it is checked. Every change of the second
 * factor asks for it, so that a copied session alone cannot change it.
 */
async function requireCurrentPassword(deps: MfaDeps, userId: string, password: string) {
  const hash = await findPasswordHash(deps.db, userId);
  // 400, not 401: a 401 would end the member's session in the client.
  if (!(await checkSecret(deps.db, deps.config.clock(), userId, 'password', () => verifyPassword(hash, password)))) {
    throw fail('AUTH_CURRENT_PASSWORD_WRONG');
  }
}

export async function startChallenge({ db, config }: MfaDeps, userId: string) {
  const now = config.clock();
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + MFA_CHALLENGE_TTL_MS);
  await q.insertChallenge(db, userId, hash, now, expiresAt);
  return { mfa_required: true as const, mfa_token: token, expires_at: expiresAt.toISOString() };
}

/** Sign-in's second step (auth.service.ts, SecondFactorStep): a challenge when the account has a confirmed second factor. */
export async function challengeIfEnrolled(deps: MfaDeps, userId: string) {
  return (await q.hasConfirmedTotp(deps.db, userId)) ? startChallenge(deps, userId) : null;
}

/** The second step of login: a live challenge and a right code give the user whose challenge it is. */
export async function completeChallenge(deps: MfaDeps, input: { mfa_token: string; code: string }): Promise<string> {
  const challenge = await q.findLiveChallenge(deps.db, hashToken(input.mfa_token), deps.config.clock());
  if (!challenge) throw fail('MFA_CHALLENGE_EXPIRED');
  // At sign-in every refusal of the code is a 401, a spent recovery code too (with its own code).
  const right = await verifySecondFactor(deps, challenge.user_id, input.code).catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'MFA_RECOVERY_CODE_USED' ? fail('MFA_LOGIN_RECOVERY_CODE_USED') : err;
  });
  if (!right) throw fail('MFA_LOGIN_CODE_WRONG');
  if (!(await q.consumeChallenge(deps.db, challenge.id, deps.config.clock()))) throw fail('MFA_CHALLENGE_EXPIRED');
  return challenge.user_id;
}

export async function status({ db }: MfaDeps, userId: string, isAdmin: boolean): Promise<Omit<MfaStatus, 'success'>> {
  const [row, settings, remaining] = await Promise.all([q.findTotp(db, userId), q.readSecuritySettings(db), q.countUnusedRecoveryCodes(db, userId)]);
  const enabled = !!row?.confirmed_at;
  return { available: isAdmin || enabled, enabled, required: isAdmin && settings.require_admin_mfa, recovery_codes_remaining: enabled ? remaining : 0 };
}

/**
 * The secrets each change of the second factor asks for, checked by the route before its audited
 * transaction opens (mfa.routes.ts): a password or code check counts its try on a connection of
 * its own, and must not wait for it while holding the transaction's (parallel requests would take
 * every connection of the pool and wait for each other). Each needs the current password, under
 * the sign-in's lockout, so that a copied session alone changes nothing.
 */
export const secretsFor = {
  setup: (deps: MfaDeps, userId: string, input: { password: string }) => requireCurrentPassword(deps, userId, input.password),
  /** The password, then a current code of the pending secret. */
  confirm: async (deps: MfaDeps, userId: string, input: { password: string; code: string }) => {
    await requireCurrentPassword(deps, userId, input.password);
    const row = await q.findTotp(deps.db, userId);
    if (row?.confirmed_at) throw fail('MFA_ALREADY_ON');
    if (!row) throw fail('MFA_NO_PENDING_SETUP');
    if (!(await verifySecondFactor(deps, userId, input.code, { pending: true }))) throw fail('MFA_CODE_WRONG');
  },
  /** The password and a current code (or a recovery code), each under its own lockout counter. */
  reauthenticate: async (deps: MfaDeps, userId: string, input: { password: string; code: string }) => {
    if (!(await q.hasConfirmedTotp(deps.db, userId))) throw fail('MFA_NOT_ON');
    await requireCurrentPassword(deps, userId, input.password);
    if (!(await verifySecondFactor(deps, userId, input.code))) throw fail('MFA_CODE_WRONG');
  },
};

/** Makes a new pending secret (replacing an unconfirmed one) and answers what the app needs to scan. After secretsFor.setup. */
export async function startSetup({ db, config }: MfaDeps, user: { id: string; matric_number: string }) {
  const secret = newTotpSecret();
  const saved = await q.savePendingSecret(db, user.id, sealSecret(mfaKey(config), secret, user.id), config.clock());
  if (!saved) throw fail('MFA_ALREADY_ON');
  const uri = otpauthUri({ issuer: `${config.associationName} Portal`, label: user.matric_number, secret });
  return { secret, otpauth_uri: uri, qr: qrRows(uri) };
}

/**
 * Turns the pending secret on and answers 10 recovery codes (shown once); after secretsFor.confirm.
 * Every other session of the account ends: a session opened with the password alone (perhaps by
 * someone who knows it) does not outlive the second factor.
 */
export async function confirmSetup(deps: MfaDeps, userId: string, sessionId: string) {
  const codes = newRecoveryCodes();
  const now = deps.config.clock();
  if (!(await q.confirmTotp(deps.db, userId, codes.map(hashRecoveryCode), now))) throw fail('MFA_ALREADY_ON');
  await revokeOtherSessions(deps.db, userId, sessionId, now);
  await notifyOwner(deps, userId, secondFactorOnMail);
  return { message: MFA_MSG.enabled, recovery_codes: codes };
}

/** Turns it off (secret, recovery codes and open challenges go) and ends every other session; after secretsFor.reauthenticate. */
export async function disable(deps: MfaDeps, userId: string, sessionId: string) {
  await q.removeTotp(deps.db, userId);
  await revokeOtherSessions(deps.db, userId, sessionId, deps.config.clock());
  await notifyOwner(deps, userId, secondFactorOffMail);
  return { message: MFA_MSG.disabled };
}

/**
 * A super admin resets another admin's second factor (a lost phone): the secret, recovery codes
 * and open challenges go, every session of the owner ends, and the owner is told by e-mail. Not
 * one's own: a copied session of a super admin must not be able to drop its owner's second factor
 * (another super admin, or `npm run create-admin -- --reset-second-factor` on the server, does it).
 */
export async function resetByAdmin(deps: MfaDeps, actorId: string, adminUserId: string) {
  const admin = await findAdminUser(deps.db, adminUserId);
  if (!admin) throw fail('ADMIN_USER_NOT_FOUND');
  if (admin.user_id === actorId) throw fail('MFA_RESET_OWN');
  if (!(await q.hasConfirmedTotp(deps.db, admin.user_id))) throw fail('MFA_RESET_NOT_ON');
  await resetSecondFactor(deps, admin.user_id, 'a super admin');
  return { message: MFA_MSG.resetDone(admin.users.name || 'the admin') };
}

/** Removes the account's second factor, ends all its sessions and tells the owner; `by` is who did it, in the mail's words. */
export async function resetSecondFactor(deps: MfaDeps, userId: string, by: string) {
  await q.removeTotp(deps.db, userId);
  await revokeOtherSessions(deps.db, userId, null, deps.config.clock());
  await notifyOwner(deps, userId, (name, url) => secondFactorResetMail(name, url, by));
}

/** After secretsFor.reauthenticate. */
export async function regenerateRecoveryCodes(deps: MfaDeps, userId: string) {
  const codes = newRecoveryCodes();
  await q.replaceRecoveryCodes(deps.db, userId, codes.map(hashRecoveryCode), deps.config.clock());
  return { message: MFA_MSG.codesRegenerated, recovery_codes: codes };
}

export async function readSettings({ db }: MfaDeps) {
  const row = await q.readSecuritySettings(db);
  return { require_admin_mfa: row.require_admin_mfa, updated_at: row.updated_at ? row.updated_at.toISOString() : null };
}

/** A super admin who requires it of everyone must have it on first (or they would shut themselves out). */
export async function writeSettings({ db, config }: MfaDeps, userId: string, requireAdminMfa: boolean) {
  if (requireAdminMfa && !(await q.hasConfirmedTotp(db, userId))) throw fail('MFA_REQUIRE_OWN_FIRST');
  const row = await q.writeSecuritySettings(db, requireAdminMfa, userId, config.clock());
  return { message: MFA_MSG.settingsSaved, require_admin_mfa: row.require_admin_mfa, updated_at: row.updated_at.toISOString() };
}
