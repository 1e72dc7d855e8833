import { MFA_MSG, type MfaStatus } from '@aesa/shared/mfa';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { findPasswordHash, revokeOtherSessions } from '../auth/auth.queries.ts';
import { checkSecret } from '../auth/secret-attempts.ts';
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
 * unused recovery code, which is used up. `pending` checks the secret being set up instead.
 */
export async function verifySecondFactor({ db, config }: MfaDeps, userId: string, code: string, { pending = false } = {}): Promise<boolean> {
  const now = config.clock();
  return checkSecret(db, now, userId, 'totp', async () => {
    if (!isTotpCode(code)) return pending ? false : q.useRecoveryCode(db, userId, hashRecoveryCode(code), now);
    const row = await q.findTotp(db, userId);
    if (!row || (row.confirmed_at === null) !== pending) return false;
    const step = matchTotpStep(openSecret(mfaKey(config), row.secret, userId), code, now);
    return step !== null && q.claimStep(db, userId, step);
  });
}

export async function startChallenge({ db, config }: MfaDeps, userId: string) {
  const now = config.clock();
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + MFA_CHALLENGE_TTL_MS);
  await q.insertChallenge(db, userId, hash, now, expiresAt);
  return { mfa_required: true as const, mfa_token: token, expires_at: expiresAt.toISOString() };
}

/** The second step of login: a live challenge and a right code give the user whose challenge it is. */
export async function completeChallenge(deps: MfaDeps, input: { mfa_token: string; code: string }): Promise<string> {
  const challenge = await q.findLiveChallenge(deps.db, hashToken(input.mfa_token), deps.config.clock());
  if (!challenge) throw fail('MFA_CHALLENGE_EXPIRED');
  if (!(await verifySecondFactor(deps, challenge.user_id, input.code))) throw fail('MFA_LOGIN_CODE_WRONG');
  if (!(await q.consumeChallenge(deps.db, challenge.id, deps.config.clock()))) throw fail('MFA_CHALLENGE_EXPIRED');
  return challenge.user_id;
}

export async function status({ db }: MfaDeps, userId: string, isAdmin: boolean): Promise<Omit<MfaStatus, 'success'>> {
  const [row, settings, remaining] = await Promise.all([q.findTotp(db, userId), q.readSecuritySettings(db), q.countUnusedRecoveryCodes(db, userId)]);
  const enabled = !!row?.confirmed_at;
  return { available: isAdmin || enabled, enabled, required: isAdmin && settings.require_admin_mfa, recovery_codes_remaining: enabled ? remaining : 0 };
}

/** Makes a new pending secret (replacing an unconfirmed one) and answers what the app needs to scan. */
export async function startSetup({ db, config }: MfaDeps, user: { id: string; matric_number: string }) {
  const secret = newTotpSecret();
  const saved = await q.savePendingSecret(db, user.id, sealSecret(mfaKey(config), secret, user.id), config.clock());
  if (!saved) throw fail('MFA_ALREADY_ON');
  const uri = otpauthUri({ issuer: `${config.associationName} Portal`, label: user.matric_number, secret });
  return { secret, otpauth_uri: uri, qr: qrRows(uri) };
}

/**
 * Turns the pending secret on with a current code and answers 10 recovery codes (shown once).
 * Every other session of the account ends: a session opened with the password alone (perhaps by
 * someone who knows it) does not outlive the second factor.
 */
export async function confirmSetup(deps: MfaDeps, userId: string, sessionId: string, code: string) {
  const row = await q.findTotp(deps.db, userId);
  if (row?.confirmed_at) throw fail('MFA_ALREADY_ON');
  if (!row) throw fail('MFA_NO_PENDING_SETUP');
  if (!(await verifySecondFactor(deps, userId, code, { pending: true }))) throw fail('MFA_CODE_WRONG');
  const codes = newRecoveryCodes();
  const now = deps.config.clock();
  if (!(await q.confirmTotp(deps.db, userId, codes.map(hashRecoveryCode), now))) throw fail('MFA_ALREADY_ON');
  await revokeOtherSessions(deps.db, userId, sessionId, now);
  return { message: MFA_MSG.enabled, recovery_codes: codes };
}

/** The password and a current code (or a recovery code), each under its own lockout counter. */
async function reauthenticate(deps: MfaDeps, userId: string, input: { password: string; code: string }) {
  if (!(await q.hasConfirmedTotp(deps.db, userId))) throw fail('MFA_NOT_ON');
  const hash = await findPasswordHash(deps.db, userId);
  // 400, not 401: a 401 would end the member's session in the client.
  if (!(await checkSecret(deps.db, deps.config.clock(), userId, 'password', () => verifyPassword(hash, input.password)))) {
    throw fail('AUTH_CURRENT_PASSWORD_WRONG');
  }
  if (!(await verifySecondFactor(deps, userId, input.code))) throw fail('MFA_CODE_WRONG');
}

/** Turns it off (secret, recovery codes and open challenges go) and ends every other session. */
export async function disable(deps: MfaDeps, userId: string, sessionId: string, input: { password: string; code: string }) {
  await reauthenticate(deps, userId, input);
  await q.removeTotp(deps.db, userId);
  await revokeOtherSessions(deps.db, userId, sessionId, deps.config.clock());
  return { message: MFA_MSG.disabled };
}

export async function regenerateRecoveryCodes(deps: MfaDeps, userId: string, input: { password: string; code: string }) {
  await reauthenticate(deps, userId, input);
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
