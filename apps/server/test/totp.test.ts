import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP, URI } from 'otpauth';
import { MFA_MSG, MFA_SETUP_REQUIRED } from '@aesa/shared/mfa';
import { SERVER_MSG } from '@aesa/shared/messages';
import { auditLog, loginFailures, recoveryCodes, userTotp } from '../src/db/schema.ts';
import { insertOneTimeToken } from '../src/modules/auth/auth.queries.ts';
import { newToken } from '../src/lib/tokens.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { PASSWORD, signedInAdmin, signedInMember } from './support/factories.ts';
import { codeAt, enrolTotp, testMfaKey, wrongCodeAt } from './support/totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mfaSecretKey: testMfaKey(), rateLimitAllow: [CLIENT] });
});
afterAll(() => t.close());

const STEP = 30_000;
const CLIENT = '10.77.0.1';
// Every call from one address that the per-address limits do not count (RATE_LIMIT_ALLOW): they
// are not what these tests are about. The lockout still counts per account and address (decision 058).
const from = () => CLIENT;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: from() });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, remoteAddress: from() });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function passwordStep(matric: string, password = PASSWORD) {
  const res = await post('/api/auth/token', { matric_number: matric, password });
  expect(res.statusCode).toBe(200);
  return res.json() as { success: boolean; mfa_required?: boolean; mfa_token: string; token?: string };
}

/** An admin with TOTP on; the clock is moved to the next step so the enrolment's code is spent. */
async function totpAdmin(flags: Parameters<typeof signedInAdmin>[1] = ['is_event_admin']) {
  const admin = await signedInAdmin(t.app, flags);
  const { secret, recoveryCodes: codes } = await enrolTotp(t.app, admin.headers);
  t.clock.advance(STEP);
  return { ...admin, secret, codes };
}

describe('enrolment', () => {
  it('a member without admin rights cannot turn it on', async () => {
    const member = await signedInMember(t.app);
    const status = await get('/api/auth/mfa', member.headers);
    expect(status.json()).toMatchObject({ success: true, available: false, enabled: false });
    const setup = await post('/api/auth/mfa/setup', { password: PASSWORD }, member.headers);
    expect(setup.statusCode).toBe(403);
    expect(setup.json().error).toBe(MFA_MSG.adminsOnly);
    expect(await t.app.db.select().from(userTotp).where(eq(userTotp.user_id, member.user.id))).toEqual([]);
  });

  it('start answers an RFC 6238 otpauth URI (SHA-1, 6 digits, 30 s); the secret is pending, stored encrypted, until a right code confirms it', async () => {
    const admin = await signedInAdmin(t.app, ['is_data_admin']);
    const setup = await post('/api/auth/mfa/setup', { password: PASSWORD }, admin.headers);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits
    const parsed = URI.parse(otpauth_uri) as TOTP;
    expect(parsed).toBeInstanceOf(TOTP);
    expect({ algorithm: parsed.algorithm, digits: parsed.digits, period: parsed.period, issuer: parsed.issuer, label: parsed.label }).toEqual({
      algorithm: 'SHA1', digits: 6, period: 30, issuer: 'AESA Portal', label: admin.user.matric_number,
    });
    expect(parsed.secret.base32).toBe(secret);
    // The QR code of that URI, as square rows of dark and light modules.
    const qr: string[] = setup.json().qr;
    expect(qr.length).toBeGreaterThanOrEqual(21);
    for (const row of qr) expect(row).toMatch(new RegExp(`^[01]{${qr.length}}$`));
    expect(qr[0]!.slice(0, 7)).toBe('1111111'); // a finder pattern in the corner

    const [row] = await t.app.db.select().from(userTotp).where(eq(userTotp.user_id, admin.user.id));
    expect(row!.confirmed_at).toBeNull();
    expect(row!.secret).not.toContain(secret);
    expect(row!.secret).toMatch(/^v1\./);
    expect((await get('/api/auth/mfa', admin.headers)).json()).toMatchObject({ available: true, enabled: false });
    // Pending: login is still one step.
    expect((await passwordStep(admin.user.matric_number)).token).toBeTruthy();

    const wrong = await post('/api/auth/mfa/confirm', { password: PASSWORD, code: wrongCodeAt(secret, t.clock()) }, admin.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(MFA_MSG.codeInvalid);
    expect((await post('/api/auth/mfa/confirm', { password: PASSWORD, code: '' }, admin.headers)).statusCode).toBe(400);
    expect((await get('/api/auth/mfa', admin.headers)).json().enabled).toBe(false);

    const right = await post('/api/auth/mfa/confirm', { password: PASSWORD, code: codeAt(secret, t.clock()) }, admin.headers);
    expect(right.statusCode).toBe(200);
    const codes: string[] = right.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{6}-[a-z2-9]{6}-[a-z2-9]{6}-[a-z2-9]{6}$/);
    const stored = await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, admin.user.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(codes.some((c) => s.code_hash.includes(c.replaceAll('-', '')))).toBe(false);
    expect((await get('/api/auth/mfa', admin.headers)).json()).toMatchObject({ enabled: true, recovery_codes_remaining: 10 });
    // Shown once: a second confirm or setup is refused, nothing answers the codes again.
    expect((await post('/api/auth/mfa/confirm', { password: PASSWORD, code: codeAt(secret, t.clock()) }, admin.headers)).statusCode).toBe(409);
    expect((await post('/api/auth/mfa/setup', { password: PASSWORD }, admin.headers)).statusCode).toBe(409);
    // The audit trail records the act without the code.
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.route, '/api/auth/mfa/confirm'));
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(codeAt(secret, t.clock()));
  });

  it('confirming ends every other session of the account, the current one stays', async () => {
    const admin = await signedInAdmin(t.app, ['is_event_admin']);
    const other = (await passwordStep(admin.user.matric_number)).token!;
    expect((await get('/api/auth/me', bearer(other))).statusCode).toBe(200);
    await enrolTotp(t.app, admin.headers);
    expect((await get('/api/auth/me', bearer(other))).statusCode).toBe(401);
    expect((await get('/api/auth/me', admin.headers)).statusCode).toBe(200);
  });
});

describe('login in two steps', () => {
  it('accounts without it keep the one-step login contract', async () => {
    const member = await signedInMember(t.app);
    const body = await passwordStep(member.user.matric_number);
    expect(Object.keys(body).sort()).toEqual(['expires_at', 'success', 'token', 'user']);
  });

  it('the right password alone gives a short-lived challenge, not a session; the code completes the sign-in', async () => {
    const admin = await totpAdmin();
    const first = await passwordStep(admin.user.matric_number);
    expect(Object.keys(first).sort()).toEqual(['expires_at', 'mfa_required', 'mfa_token', 'success']);
    expect(first.mfa_required).toBe(true);
    // The challenge is no session.
    expect((await get('/api/auth/me', bearer(first.mfa_token))).statusCode).toBe(401);

    const res = await post('/api/auth/token/mfa', { mfa_token: first.mfa_token, code: codeAt(admin.secret, t.clock()) });
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(Object.keys(session).sort()).toEqual(['expires_at', 'success', 'token', 'user']);
    expect(session.user.id).toBe(admin.user.id);
    expect((await get('/api/admin/events', bearer(session.token))).statusCode).toBe(200);

    // The challenge works once.
    t.clock.advance(STEP);
    const again = await post('/api/auth/token/mfa', { mfa_token: first.mfa_token, code: codeAt(admin.secret, t.clock()) });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe(MFA_MSG.challengeExpired);
  });

  it('a code of the step before or after is accepted; two steps away is not', async () => {
    const admin = await totpAdmin();
    const { mfa_token } = await passwordStep(admin.user.matric_number);
    const far = await post('/api/auth/token/mfa', { mfa_token, code: codeAt(admin.secret, new Date(t.clock().getTime() - 2 * STEP)) });
    expect(far.statusCode).toBe(401);
    const near = await post('/api/auth/token/mfa', { mfa_token, code: codeAt(admin.secret, new Date(t.clock().getTime() + STEP)) });
    expect(near.statusCode).toBe(200);
  });

  it('a challenge expires after 5 minutes', async () => {
    const admin = await totpAdmin();
    const { mfa_token } = await passwordStep(admin.user.matric_number);
    t.clock.advance(5 * 60_000 + 1000);
    const res = await post('/api/auth/token/mfa', { mfa_token, code: codeAt(admin.secret, t.clock()) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(MFA_MSG.challengeExpired);
    expect((await post('/api/auth/token/mfa', { mfa_token: 'x'.repeat(43), code: '123456' })).statusCode).toBe(401);
    expect((await post('/api/auth/token/mfa', { code: '123456' })).statusCode).toBe(400);
  });

  it('a code already used is refused, also in a new challenge (replay); the next step works', async () => {
    const admin = await totpAdmin();
    const code = codeAt(admin.secret, t.clock());
    const a = await passwordStep(admin.user.matric_number);
    expect((await post('/api/auth/token/mfa', { mfa_token: a.mfa_token, code })).statusCode).toBe(200);
    const b = await passwordStep(admin.user.matric_number);
    const replay = await post('/api/auth/token/mfa', { mfa_token: b.mfa_token, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe(MFA_MSG.codeInvalid);
    // An older step's code is refused too, even within the ±1 window.
    const older = await post('/api/auth/token/mfa', { mfa_token: b.mfa_token, code: codeAt(admin.secret, new Date(t.clock().getTime() - STEP)) });
    expect(older.statusCode).toBe(401);
    t.clock.advance(STEP);
    expect((await post('/api/auth/token/mfa', { mfa_token: b.mfa_token, code: codeAt(admin.secret, t.clock()) })).statusCode).toBe(200);
  });

  it('a recovery code works in place of a code, once', async () => {
    const admin = await totpAdmin();
    const recovery = admin.codes[3]!;
    const a = await passwordStep(admin.user.matric_number);
    // As typed from paper: upper case, spaces instead of dashes.
    const typed = recovery.toUpperCase().replaceAll('-', ' ');
    expect((await post('/api/auth/token/mfa', { mfa_token: a.mfa_token, code: typed })).statusCode).toBe(200);
    const b = await passwordStep(admin.user.matric_number);
    const again = await post('/api/auth/token/mfa', { mfa_token: b.mfa_token, code: recovery });
    expect(again.statusCode).toBe(401);
    // Said as what it is: already used (not "not right").
    expect(again.json()).toMatchObject({ code: 'MFA_LOGIN_RECOVERY_CODE_USED', error: MFA_MSG.recoveryCodeUsed });
    expect((await get('/api/auth/mfa', admin.headers)).json().recovery_codes_remaining).toBe(9);
  });

  it('10 wrong codes lock the second factor (429, a right code refused too), counted apart from passwords, until 15 minutes pass', async () => {
    const admin = await totpAdmin();
    const { mfa_token } = await passwordStep(admin.user.matric_number);
    // Wrong passwords do not use up the code's tries, nor the other way round.
    for (let i = 0; i < 9; i++) expect((await post('/api/auth/token', { matric_number: admin.user.matric_number, password: 'wrong-password' })).statusCode).toBe(401);
    const wrong = wrongCodeAt(admin.secret, t.clock());
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/token/mfa', { mfa_token, code: wrong });
      expect(res.statusCode).toBe(401);
    }
    const locked = await post('/api/auth/token/mfa', { mfa_token, code: codeAt(admin.secret, t.clock()) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(SERVER_MSG.accountLocked);
    // A recovery code is a second factor too: locked as well.
    expect((await post('/api/auth/token/mfa', { mfa_token, code: admin.codes[0]! })).statusCode).toBe(429);
    // The password counter is its own: the right password still gives a challenge.
    const again = await passwordStep(admin.user.matric_number);
    expect(again.mfa_required).toBe(true);

    t.clock.advance(15 * 60_000 + 1000);
    const fresh = await passwordStep(admin.user.matric_number);
    expect((await post('/api/auth/token/mfa', { mfa_token: fresh.mfa_token, code: codeAt(admin.secret, t.clock()) })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('a reset of the password does not bypass the second factor', async () => {
    const admin = await totpAdmin();
    const { token, hash } = newToken();
    await insertOneTimeToken(t.app.db, admin.user.id, 'reset_password', hash, t.clock(), new Date(t.clock().getTime() + 3600_000));
    const reset = await post('/api/auth/reset-password-confirm', { token, new_password: 'a-new-passphrase-9' });
    expect(reset.statusCode).toBe(200);
    const first = await passwordStep(admin.user.matric_number, 'a-new-passphrase-9');
    expect(first.mfa_required).toBe(true);
    expect(first.token).toBeUndefined();
  });
});

describe('turning it off and new recovery codes', () => {
  it('a wrong password or code in an audited write stays counted, although the write rolls back', async () => {
    const admin = await totpAdmin();
    const tries = (kind: 'password' | 'totp') => t.app.db.select().from(loginFailures).where(and(eq(loginFailures.user_id, admin.user.id), eq(loginFailures.kind, kind)));
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/mfa/disable', { password: 'not-my-password', code: codeAt(admin.secret, t.clock()) }, admin.headers)).statusCode).toBe(400);
    expect(await tries('password')).toHaveLength(3);
    expect((await post('/api/auth/mfa/disable', { password: PASSWORD, code: wrongCodeAt(admin.secret, t.clock()) }, admin.headers)).statusCode).toBe(400);
    expect(await tries('totp')).toHaveLength(1);
  });

  it('turning it off needs the password and a current code; then login is one step again', async () => {
    const admin = await totpAdmin();
    const code = codeAt(admin.secret, t.clock());
    expect((await post('/api/auth/mfa/disable', { code }, admin.headers)).statusCode).toBe(400);
    expect((await post('/api/auth/mfa/disable', { password: PASSWORD }, admin.headers)).statusCode).toBe(400);
    const badPassword = await post('/api/auth/mfa/disable', { password: 'not-my-password', code }, admin.headers);
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().error).toBe(SERVER_MSG.currentPasswordWrong);
    const badCode = await post('/api/auth/mfa/disable', { password: PASSWORD, code: wrongCodeAt(admin.secret, t.clock()) }, admin.headers);
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error).toBe(MFA_MSG.codeInvalid);
    expect((await get('/api/auth/mfa', admin.headers)).json().enabled).toBe(true);

    const other = await passwordStep(admin.user.matric_number);
    const otherSession = (await post('/api/auth/token/mfa', { mfa_token: other.mfa_token, code })).json().token;
    t.clock.advance(STEP);
    const off = await post('/api/auth/mfa/disable', { password: PASSWORD, code: codeAt(admin.secret, t.clock()) }, admin.headers);
    expect(off.statusCode).toBe(200);
    expect((await get('/api/auth/mfa', admin.headers)).json()).toMatchObject({ enabled: false, recovery_codes_remaining: 0 });
    expect(await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, admin.user.id))).toEqual([]);
    // Other sessions end; this one stays.
    expect((await get('/api/auth/me', bearer(otherSession))).statusCode).toBe(401);
    expect((await get('/api/auth/me', admin.headers)).statusCode).toBe(200);
    expect((await passwordStep(admin.user.matric_number)).token).toBeTruthy();
    expect((await post('/api/auth/mfa/disable', { password: PASSWORD, code }, admin.headers)).statusCode).toBe(409);
  });

  it('new recovery codes need the password and a code; the old ones stop working', async () => {
    const admin = await totpAdmin();
    expect((await post('/api/auth/mfa/recovery-codes', { password: 'nope-nope-1', code: codeAt(admin.secret, t.clock()) }, admin.headers)).statusCode).toBe(400);
    const res = await post('/api/auth/mfa/recovery-codes', { password: PASSWORD, code: codeAt(admin.secret, t.clock()) }, admin.headers);
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => admin.codes.includes(c))).toBe(false);
    const a = await passwordStep(admin.user.matric_number);
    expect((await post('/api/auth/token/mfa', { mfa_token: a.mfa_token, code: admin.codes[0]! })).statusCode).toBe(401);
    expect((await post('/api/auth/token/mfa', { mfa_token: a.mfa_token, code: fresh[0]! })).statusCode).toBe(200);
  });
});

describe('required for all admins', () => {
  it('only a super admin sets it, and only with their own second factor on', async () => {
    const eventAdmin = await signedInAdmin(t.app, ['is_event_admin']);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/security-settings', headers: eventAdmin.headers, payload: { require_admin_mfa: true } })).statusCode).toBe(403);
    const superAdmin = await signedInAdmin(t.app, ['is_super_admin']);
    const refused = await t.app.inject({ method: 'PUT', url: '/api/admin/security-settings', headers: superAdmin.headers, payload: { require_admin_mfa: true } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(MFA_MSG.requireOwnFirst);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/security-settings', headers: superAdmin.headers, payload: { require_admin_mfa: 'yes' } })).statusCode).toBe(400);
    expect((await get('/api/admin/security-settings', superAdmin.headers)).json().require_admin_mfa).toBe(false);
  });

  it('blocks every admin route of an admin without it (403 MFA_SETUP_REQUIRED) until they set it up; setup stays reachable', async () => {
    const superAdmin = await totpAdmin(['is_super_admin']);
    const on = await t.app.inject({ method: 'PUT', url: '/api/admin/security-settings', headers: superAdmin.headers, payload: { require_admin_mfa: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json().require_admin_mfa).toBe(true);
    try {
      // The session was opened before the switch: it is held to the rule at once.
      const admin = await signedInAdmin(t.app, ['is_event_admin', 'is_electoral_admin']);
      for (const url of ['/api/admin/events', '/api/admin/picker/users']) {
        const res = await get(url, admin.headers);
        expect(res.statusCode, url).toBe(403);
        expect(res.json(), url).toEqual({ success: false, error: MFA_MSG.setupRequired, code: MFA_SETUP_REQUIRED });
      }
      const write = await post('/api/admin/events', { title: 'x' }, admin.headers);
      expect(write.json().code).toBe(MFA_SETUP_REQUIRED);
      const me = (await get('/api/admin/me', admin.headers)).json();
      expect(me).toMatchObject({ is_admin: true, mfa_setup_required: true });
      expect(Object.values(me.modules).every((v) => v === false)).toBe(true);
      expect((await get('/api/auth/mfa', admin.headers)).json()).toMatchObject({ available: true, enabled: false, required: true });

      // Members are not touched; the super admin with it on is not blocked.
      const member = await signedInMember(t.app);
      expect((await get('/api/auth/me', member.headers)).statusCode).toBe(200);
      expect((await get('/api/admin/me', member.headers)).json().mfa_setup_required).toBe(false);
      expect((await get('/api/admin/roles', superAdmin.headers)).statusCode).toBe(200);

      await enrolTotp(t.app, admin.headers);
      expect((await get('/api/admin/events', admin.headers)).statusCode).toBe(200);
      expect((await get('/api/admin/me', admin.headers)).json().mfa_setup_required).toBe(false);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/admin/security-settings', headers: superAdmin.headers, payload: { require_admin_mfa: false } });
    }
  });
});

describe('library agreement', () => {
  it('the code made in the test is the one RFC 6238 gives for the secret', () => {
    // RFC 6238 appendix B, SHA-1 at T = 59 s: 94287082 (8 digits); 6 digits are its last six.
    const secret = Secret.fromLatin1('12345678901234567890').base32;
    expect(codeAt(secret, new Date(59_000))).toBe('287082');
  });
});
