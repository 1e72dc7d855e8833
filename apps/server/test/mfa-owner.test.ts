import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MFA_MSG } from '@aesa/shared/mfa';
import { SERVER_MSG } from '@aesa/shared/messages';
import { auditLog, loginFailures, recoveryCodes, userTotp } from '../src/db/schema.ts';
import { useTestAppWithMail } from './support/use-test-app.ts';
import { PASSWORD, signedInAdmin } from './support/factories.ts';
import { refusal } from './support/refusal.ts';
import type { ReceivedMail } from './support/smtp-sink.ts';
import { codeAt, enrolTotp, testMfaKey } from './support/totp.ts';

// The second factor protects its owner: every change of it needs the current password (under the
// sign-in's lockout counter), the owner is told by e-mail of every change and of every recovery
// code used, and a super admin can reset another admin's (never their own).

const { t, smtp } = useTestAppWithMail({ mfaSecretKey: testMfaKey() });

const STEP = 30_000;
let n = 0;
// Each call from its own address: the per-address limits are not what these tests are about.
const from = () => `10.78.${(n >> 8) % 250}.${n++ % 250}`;
const post = (url: string, payload: object | undefined, headers: Record<string, string> = {}, remoteAddress = from()) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, remoteAddress: from() });
const passwordFailures = (userId: string) => t.app.db.select().from(loginFailures).where(and(eq(loginFailures.user_id, userId), eq(loginFailures.kind, 'password')));
const totpRow = async (userId: string) => (await t.app.db.select().from(userTotp).where(eq(userTotp.user_id, userId)))[0] ?? null;

/** Waits for the mail to `to` whose subject contains `subject`. */
async function mailTo(to: string, subject: string, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.received.find((m) => m.to.includes(to) && m.subject.includes(subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" for ${to}; got: ${smtp.received.filter((m) => m.to.includes(to)).map((m) => m.subject).join(' | ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));

/** An admin with TOTP on; the clock moves a step so the enrolment's code is spent. */
async function totpAdmin(flags: Parameters<typeof signedInAdmin>[1] = ['is_event_admin']) {
  const admin = await signedInAdmin(t.app, flags);
  const { secret, recoveryCodes: codes } = await enrolTotp(t.app, admin.headers);
  t.clock.advance(STEP);
  return { ...admin, secret, codes };
}

/** Nothing secret in the mail: neither the TOTP secret nor any recovery code (with or without dashes). */
function expectNoSecrets(mail: ReceivedMail, secrets: string[]) {
  for (const s of secrets) {
    expect(mail.raw).not.toContain(s);
    expect(mail.raw.toLowerCase()).not.toContain(s.replaceAll('-', '').toLowerCase());
  }
  expect(mail.text).not.toMatch(/token=|mfa_token|\b\d{6}\b/);
}

describe('turning it on needs the current password', () => {
  it('setup without a password, or with a wrong one, is refused and makes no secret; wrong ones are counted', async () => {
    const admin = await signedInAdmin(t.app, ['is_data_admin']);
    const none = await post('/api/auth/mfa/setup', undefined, admin.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(refusal(MFA_MSG.passwordRequired));
    const empty = await post('/api/auth/mfa/setup', { password: '' }, admin.headers);
    expect(empty.json()).toEqual(refusal(MFA_MSG.passwordRequired));
    const wrong = await post('/api/auth/mfa/setup', { password: 'not-my-password' }, admin.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(refusal(SERVER_MSG.currentPasswordWrong, 'AUTH_CURRENT_PASSWORD_WRONG'));
    expect(await totpRow(admin.user.id)).toBeNull();
    expect(await passwordFailures(admin.user.id)).toHaveLength(1);
    // The session is still good (400, not 401).
    expect((await get('/api/auth/me', admin.headers)).statusCode).toBe(200);

    const ok = await post('/api/auth/mfa/setup', { password: PASSWORD }, admin.headers);
    expect(ok.statusCode).toBe(200);
    expect((await totpRow(admin.user.id))!.confirmed_at).toBeNull();
    // Audited, the refused tries too, without the passwords.
    const audit = await t.app.db.select().from(auditLog).where(and(eq(auditLog.route, '/api/auth/mfa/setup'), eq(auditLog.actor_id, admin.user.id)));
    expect(audit.map((e) => e.outcome).sort()).toEqual(['failed', 'failed', 'failed', 'ok']);
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    expect(JSON.stringify(audit)).not.toContain('not-my-password');
  });

  it('confirm needs the password too: a right code with a wrong password leaves it pending; then on, and the owner is told', async () => {
    const admin = await signedInAdmin(t.app, ['is_event_admin']);
    const { secret } = (await post('/api/auth/mfa/setup', { password: PASSWORD }, admin.headers)).json() as { secret: string };
    const noPassword = await post('/api/auth/mfa/confirm', { code: codeAt(secret, t.clock()) }, admin.headers);
    expect(noPassword.json()).toEqual(refusal(MFA_MSG.passwordRequired));
    const wrong = await post('/api/auth/mfa/confirm', { password: 'guessing-it-1', code: codeAt(secret, t.clock()) }, admin.headers);
    expect(wrong.json()).toEqual(refusal(SERVER_MSG.currentPasswordWrong, 'AUTH_CURRENT_PASSWORD_WRONG'));
    expect((await totpRow(admin.user.id))!.confirmed_at).toBeNull();
    expect(mailsTo(admin.user.email)).toEqual([]);

    const right = await post('/api/auth/mfa/confirm', { password: PASSWORD, code: codeAt(secret, t.clock()) }, admin.headers);
    expect(right.statusCode).toBe(200);
    const codes: string[] = right.json().recovery_codes;
    const mail = await mailTo(admin.user.email, 'two-factor authentication is on');
    expect(mail.text).toContain('turned on');
    expectNoSecrets(mail, [secret, ...codes]);
  });
});

describe('the lockout counter is the sign-in one', () => {
  it('wrong passwords on the second-factor routes count: after 10, the right password is refused there and at sign-in (429)', async () => {
    const admin = await totpAdmin();
    const routes: [string, object][] = [
      ['/api/auth/mfa/disable', { password: 'wrong-password-x', code: codeAt(admin.secret, t.clock()) }],
      ['/api/auth/mfa/recovery-codes', { password: 'wrong-password-x', code: codeAt(admin.secret, t.clock()) }],
    ];
    // All from one address: the lockout may count per account and address.
    const holder = from();
    for (let i = 0; i < 10; i++) {
      const [url, body] = routes[i % routes.length]!;
      expect((await post(url, body, admin.headers, holder)).json().code).toBe('AUTH_CURRENT_PASSWORD_WRONG');
    }
    expect(await passwordFailures(admin.user.id)).toHaveLength(10);
    const locked = await post('/api/auth/mfa/disable', { password: PASSWORD, code: codeAt(admin.secret, t.clock()) }, admin.headers, holder);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('AUTH_ACCOUNT_LOCKED');
    expect((await totpRow(admin.user.id))!.confirmed_at).not.toBeNull();
    const signIn = await post('/api/auth/token', { matric_number: admin.user.matric_number, password: PASSWORD }, {}, holder);
    expect(signIn.statusCode).toBe(429);
    // Until the window passes.
    t.clock.advance(15 * 60_000 + 1000);
    expect((await post('/api/auth/token', { matric_number: admin.user.matric_number, password: PASSWORD }, {}, holder)).statusCode).toBe(200);
  });

  it('wrong sign-ins lock the setup too: a locked account cannot turn it on with the right password', async () => {
    const admin = await signedInAdmin(t.app, ['is_event_admin']);
    const holder = from();
    for (let i = 0; i < 10; i++) expect((await post('/api/auth/token', { matric_number: admin.user.matric_number, password: `wrong-${i}-pass` }, {}, holder)).statusCode).toBe(401);
    const setup = await post('/api/auth/mfa/setup', { password: PASSWORD }, admin.headers, holder);
    expect(setup.statusCode).toBe(429);
    expect(setup.json().code).toBe('AUTH_ACCOUNT_LOCKED');
    expect(await totpRow(admin.user.id)).toBeNull();
    t.clock.advance(15 * 60_000 + 1000);
  });
});

describe('the owner is told by e-mail', () => {
  it('turning it off: a mail without secrets', async () => {
    const admin = await totpAdmin();
    const off = await post('/api/auth/mfa/disable', { password: PASSWORD, code: codeAt(admin.secret, t.clock()) }, admin.headers);
    expect(off.statusCode).toBe(200);
    const mail = await mailTo(admin.user.email, 'two-factor authentication is off');
    expect(mail.text).toContain('turned off');
    expectNoSecrets(mail, [admin.secret, ...admin.codes]);
  });

  it('a recovery code used at sign-in: a mail with how many are left, not the code', async () => {
    const admin = await totpAdmin();
    const step = (await post('/api/auth/token', { matric_number: admin.user.matric_number, password: PASSWORD })).json() as { mfa_token: string };
    expect((await post('/api/auth/token/mfa', { mfa_token: step.mfa_token, code: admin.codes[0]! })).statusCode).toBe(200);
    const mail = await mailTo(admin.user.email, 'a recovery code was used');
    expect(mail.text).toContain('9 of them are left');
    expectNoSecrets(mail, [admin.secret, ...admin.codes]);
  });
});

describe('a recovery code used before', () => {
  it('is refused as already used, at sign-in (401) and in Settings (400), and still counts as a wrong try', async () => {
    const admin = await totpAdmin();
    const code = admin.codes[1]!;
    const first = (await post('/api/auth/token', { matric_number: admin.user.matric_number, password: PASSWORD })).json() as { mfa_token: string };
    expect((await post('/api/auth/token/mfa', { mfa_token: first.mfa_token, code })).statusCode).toBe(200);

    const second = (await post('/api/auth/token', { matric_number: admin.user.matric_number, password: PASSWORD })).json() as { mfa_token: string };
    const again = await post('/api/auth/token/mfa', { mfa_token: second.mfa_token, code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(refusal(MFA_MSG.recoveryCodeUsed, 'MFA_LOGIN_RECOVERY_CODE_USED'));

    const inSettings = await post('/api/auth/mfa/recovery-codes', { password: PASSWORD, code }, admin.headers);
    expect(inSettings.statusCode).toBe(400);
    expect(inSettings.json()).toEqual(refusal(MFA_MSG.recoveryCodeUsed, 'MFA_RECOVERY_CODE_USED'));
    // An unknown code is still "not right".
    const unknown = await post('/api/auth/mfa/recovery-codes', { password: PASSWORD, code: 'aaaaaa-bbbbbb-cccccc-dddddd' }, admin.headers);
    expect(unknown.json()).toEqual(refusal(MFA_MSG.codeInvalid, 'MFA_CODE_WRONG'));
    const totpFailures = await t.app.db.select().from(loginFailures).where(and(eq(loginFailures.user_id, admin.user.id), eq(loginFailures.kind, 'totp')));
    expect(totpFailures).toHaveLength(3);
  });
});

describe('a super admin resets another admin’s second factor', () => {
  it('ends the owner’s sessions, removes the secret and codes, is audited, and tells the owner; they sign in with the password alone', async () => {
    const chair = await totpAdmin(['is_super_admin']);
    const officer = await totpAdmin(['is_event_admin']);
    const [adminUser] = (await get('/api/admin/users', chair.headers)).json().admins.filter((a: { user_id: string }) => a.user_id === officer.user.id);
    expect(adminUser.mfa_enabled).toBe(true);

    const res = await post(`/api/admin/users/${adminUser.id}/mfa-reset`, undefined, chair.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MFA_MSG.resetDone(officer.user.name!));
    expect(await totpRow(officer.user.id)).toBeNull();
    expect(await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, officer.user.id))).toEqual([]);
    expect((await get('/api/auth/me', officer.headers)).statusCode).toBe(401);
    expect((await get('/api/auth/me', chair.headers)).statusCode).toBe(200);

    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.route, '/api/admin/users/:id/mfa-reset'));
    expect(entry).toMatchObject({ actor_id: chair.user.id, outcome: 'ok', target_id: adminUser.id, target_name: expect.stringContaining(officer.user.name!), summary: expect.stringContaining('reset the second factor of') });

    const mail = await mailTo(officer.user.email, 'your two-factor authentication was reset');
    expect(mail.text).toContain('A super admin reset');
    expectNoSecrets(mail, [officer.secret, ...officer.codes]);

    const signIn = await post('/api/auth/token', { matric_number: officer.user.matric_number, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().token).toBeTruthy();
    expect((await get('/api/admin/users', chair.headers)).json().admins.find((a: { user_id: string }) => a.user_id === officer.user.id).mfa_enabled).toBe(false);
    // Nothing left to reset.
    const twice = await post(`/api/admin/users/${adminUser.id}/mfa-reset`, undefined, chair.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual(refusal(MFA_MSG.resetNotOn, 'MFA_RESET_NOT_ON'));
  });

  it('not one’s own (403 with a code), not by an admin who is not super, not an unknown admin user', async () => {
    const chair = await totpAdmin(['is_super_admin']);
    const own = (await get('/api/admin/users', chair.headers)).json().admins.find((a: { user_id: string }) => a.user_id === chair.user.id);
    const self = await post(`/api/admin/users/${own.id}/mfa-reset`, undefined, chair.headers);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual(refusal(MFA_MSG.resetOwn, 'MFA_RESET_OWN'));
    expect((await totpRow(chair.user.id))!.confirmed_at).not.toBeNull();
    expect((await get('/api/auth/me', chair.headers)).statusCode).toBe(200);

    const officer = await totpAdmin(['is_event_admin', 'is_data_admin']);
    const byOfficer = await post(`/api/admin/users/${own.id}/mfa-reset`, undefined, officer.headers);
    expect(byOfficer.statusCode).toBe(403);
    expect((await totpRow(chair.user.id))!.confirmed_at).not.toBeNull();

    const unknown = await post('/api/admin/users/00000000-0000-4000-8000-000000000000/mfa-reset', undefined, chair.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ADMIN_USER_NOT_FOUND');
  });

  it('a super admin’s own: another super admin can, and so can create-admin --reset-second-factor on the server', async () => {
    const first = await totpAdmin(['is_super_admin']);
    const second = await totpAdmin(['is_super_admin']);
    const firstItem = (await get('/api/admin/users', second.headers)).json().admins.find((a: { user_id: string }) => a.user_id === first.user.id);
    expect((await post(`/api/admin/users/${firstItem.id}/mfa-reset`, undefined, second.headers)).statusCode).toBe(200);
    expect(await totpRow(first.user.id)).toBeNull();

    // The operator's way, on the server (its mail goes through the same outbox and SMTP server).
    const args = ['--email', second.user.email, '--matric', second.user.matric_number, '--password', PASSWORD, '--reset-second-factor'];
    const env = { ...process.env, DATABASE_URL: t.database.url, SMTP_URL: smtp.url, LOG_LEVEL: 'silent', ASSOCIATION_NAME: 'AESA' };
    const out = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/create-admin.ts', ...args], { env });
    expect(out.stdout).toContain('Two-factor authentication reset');
    expect(await totpRow(second.user.id)).toBeNull();
    expect((await get('/api/auth/me', second.headers)).statusCode).toBe(401);
    const mail = await mailTo(second.user.email, 'your two-factor authentication was reset');
    expect(mail.text).toContain("The server's operator reset");
  }, 60_000);
});
