import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { hash } from '@node-rs/argon2';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@aesa/shared/constants';
import { MSG, SERVER_MSG } from '@aesa/shared/messages';
import { loginFailures, users } from '../src/db/schema.ts';
import { commonPasswordCount, isCommonPassword } from '../src/lib/common-passwords.ts';
import { passwordPool } from '../src/lib/passwords.ts';
import { LOCKOUT_ACCOUNT_CEILING, LOCKOUT_FAILURES, LOCKOUT_WINDOW_MS } from '../src/modules/auth/secret-attempts.ts';
import { useTestAppWithMail } from './support/use-test-app.ts';
import { tokenFromMail } from './support/smtp-sink.ts';
import { createMember, PASSWORD, signedInMember } from './support/factories.ts';
import { refusal } from './support/refusal.ts';

const { t, smtp } = useTestAppWithMail();

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const login = (matric: string, password: string) => post('/api/auth/token', { matric_number: matric, password });
const change = (headers: Record<string, string>, current_password: string, new_password: string) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/update', headers, payload: { current_password, new_password } });

async function failuresOf(userId: string) {
  const [row] = await t.app.db.select({ n: count() }).from(loginFailures).where(and(eq(loginFailures.user_id, userId), eq(loginFailures.kind, 'password')));
  return row!.n;
}

async function resetToken(email: string) {
  const before = smtp.received.length;
  await post('/api/auth/forgot-password', { email });
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBeGreaterThan(before);
  return tokenFromMail(smtp.received.filter((m) => m.to.includes(email)).at(-1)!);
}

describe('lockout: the window and the counting', () => {
  it('a right password does not count; the tenth failure locks, the right password included', async () => {
    const user = await createMember(t.app);
    for (let i = 0; i < LOCKOUT_FAILURES - 1; i++) expect((await login(user.matric_number, `wrong-guess-${i}`)).statusCode).toBe(401);
    expect((await login(user.matric_number, PASSWORD)).statusCode).toBe(200);
    expect(await failuresOf(user.id)).toBe(LOCKOUT_FAILURES - 1);
    expect((await login(user.matric_number, 'wrong-guess-last')).statusCode).toBe(401);
    const locked = await login(user.matric_number, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(refusal(SERVER_MSG.accountLocked, 'AUTH_ACCOUNT_LOCKED'));
    // A refused try is not a failure: the count stays at the limit.
    expect(await failuresOf(user.id)).toBe(LOCKOUT_FAILURES);
  });

  it('the window slides: failures count for 15 minutes each, then are dropped', async () => {
    const start = t.clock();
    try {
      const user = await createMember(t.app);
      for (let i = 0; i < 5; i++) await login(user.matric_number, `early-guess-${i}`);
      t.clock.advance(10 * 60_000);
      for (let i = 0; i < 5; i++) await login(user.matric_number, `late-guess-${i}`);
      expect((await login(user.matric_number, PASSWORD)).statusCode).toBe(429);
      t.clock.set(new Date(start.getTime() + LOCKOUT_WINDOW_MS + 1000)); // the early five have left the window
      expect((await login(user.matric_number, 'one-more-guess')).statusCode).toBe(401);
      expect(await failuresOf(user.id)).toBe(6); // the early five were dropped, not kept for ever
      expect((await login(user.matric_number, PASSWORD)).statusCode).toBe(200);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('login and the password change share one count: guessing through either locks both', async () => {
    const member = await signedInMember(t.app);
    for (let i = 0; i < LOCKOUT_FAILURES; i++) expect((await change(member.headers, `wrong-guess-${i}`, 'next-pass-word-1')).statusCode).toBe(400);
    expect((await login(member.user.matric_number, PASSWORD)).statusCode).toBe(429);
    expect((await change(member.headers, PASSWORD, 'next-pass-word-1')).statusCode).toBe(429);
  });

  it('counts per account and address: a stranger who used up its tries is refused, the member signs in from another address', async () => {
    const user = await createMember(t.app);
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/token', remoteAddress, payload: { matric_number: user.matric_number, password } });
    for (let i = 0; i < LOCKOUT_FAILURES; i++) expect((await from('203.0.113.66', `wrong-guess-${i}`)).statusCode).toBe(401);
    const stranger = await from('203.0.113.66', PASSWORD);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual(refusal(SERVER_MSG.accountLocked, 'AUTH_ACCOUNT_LOCKED'));
    expect((await from('198.51.100.7', PASSWORD)).statusCode).toBe(200);
    // An IPv6 client counts by its /64: another address of the same network is the same stranger.
    for (let i = 0; i < LOCKOUT_FAILURES; i++) expect((await from('2001:db8:1:2::a', `v6-guess-${i}`)).statusCode).toBe(401);
    expect((await from('2001:db8:1:2:ffff::b', PASSWORD)).statusCode).toBe(429);
    expect((await from('2001:db8:1:3::a', PASSWORD)).statusCode).toBe(200);
  });

  it('tries from many addresses together meet the account ceiling, and then every address is refused', async () => {
    const user = await createMember(t.app);
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/token', remoteAddress, payload: { matric_number: user.matric_number, password } });
    const spread = LOCKOUT_ACCOUNT_CEILING / LOCKOUT_FAILURES;
    for (let a = 0; a < spread; a++) {
      for (let i = 0; i < LOCKOUT_FAILURES; i++) expect((await from(`203.0.113.${a + 1}`, `spread-guess-${i}`)).statusCode).toBe(401);
    }
    expect(await failuresOf(user.id)).toBe(LOCKOUT_ACCOUNT_CEILING);
    const member = await from('198.51.100.8', PASSWORD);
    expect(member.statusCode).toBe(429);
    expect(member.json()).toEqual(refusal(SERVER_MSG.accountLocked, 'AUTH_ACCOUNT_LOCKED'));
    expect((await from('203.0.113.200', 'fresh-address-guess')).statusCode).toBe(429);
  });

  it('a bogus reset token is refused without any password hash', async () => {
    passwordPool.takeStats();
    const res = await post('/api/auth/reset-password-confirm', { token: 'b'.repeat(43), new_password: 'a-fine-new-pass-9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('AUTH_RESET_LINK_INVALID');
    expect(passwordPool.takeStats().completed).toBe(0);
  });

  it('an unknown matric number answers 401 like a wrong password and writes nothing', async () => {
    const [before] = await t.app.db.select({ n: count() }).from(loginFailures);
    for (let i = 0; i < 3; i++) expect((await login('NOBODY/404', `wrong-guess-${i}`)).json()).toEqual(refusal(SERVER_MSG.invalidCredentials, 'AUTH_INVALID_CREDENTIALS'));
    const [after] = await t.app.db.select({ n: count() }).from(loginFailures);
    expect(after!.n).toBe(before!.n);
  });
});

describe('passwords: length, Unicode form and common passwords', () => {
  it(`new passwords need ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters, counted as characters, not UTF-16 units`, async () => {
    const member = await signedInMember(t.app);
    const seven = await change(member.headers, PASSWORD, 'seven-7');
    expect(seven.statusCode).toBe(400);
    expect(seven.json()).toEqual(refusal(MSG.passwordTooShort));
    expect(MSG.passwordTooShort).toBe('Password must be at least 8 characters long');
    // 128 emoji are 256 UTF-16 units but 128 characters: allowed; 129 are not.
    // Not one character repeated (a rule of its own): the last one is another emoji, as wide.
    const rockets = '🚀'.repeat(LIMITS.passwordMax - 1) + '🌍';
    expect((await change(member.headers, PASSWORD, rockets + '🚀')).json().error).toBe(MSG.passwordTooLong);
    expect((await change(member.headers, PASSWORD, 'x'.repeat(100_000))).json()).toEqual(refusal(MSG.passwordTooLong));
    expect((await change(member.headers, PASSWORD, rockets)).statusCode).toBe(200);
    expect((await login(member.user.matric_number, rockets)).statusCode).toBe(200);
  });

  it('passwords are compared in NFKC form: the same characters typed another way are the same password', async () => {
    const member = await signedInMember(t.app);
    const fullWidth = 'ｂｌｕｅ－ｏｒｂｉｔ－４２'; // full-width letters, as some keyboards type them
    expect((await change(member.headers, PASSWORD, fullWidth)).statusCode).toBe(200);
    expect((await login(member.user.matric_number, 'blue-orbit-42')).statusCode).toBe(200);
    expect((await login(member.user.matric_number, fullWidth)).statusCode).toBe(200);
    const decomposed = 'Ame\u0301lie-flies-high'; // e + combining acute
    expect((await change(member.headers, 'blue-orbit-42', decomposed)).statusCode).toBe(200);
    expect((await login(member.user.matric_number, 'Am\u00e9lie-flies-high')).statusCode).toBe(200);
  });

  it('a hash made before normalisation still verifies, within one counted try', async () => {
    const legacy = 'ﬁrst-ﬂight-Ⅻ'; // ligatures and a Roman numeral, which NFKC rewrites
    expect(legacy.normalize('NFKC')).not.toBe(legacy);
    const user = await createMember(t.app);
    // As the old code stored it: the hash of the password exactly as typed.
    await t.app.db.update(users).set({ password_hash: await hash(legacy, { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 }) }).where(eq(users.id, user.id));
    expect((await login(user.matric_number, legacy)).statusCode).toBe(200);
    expect(await failuresOf(user.id)).toBe(0);
    // A wrong password that NFKC rewrites is tried in both forms, and counts once.
    expect((await login(user.matric_number, 'ﬁrst-ﬂight-Ⅺ')).statusCode).toBe(401);
    expect(await failuresOf(user.id)).toBe(1);
  });

  it('the common-password list is large and loaded once', () => {
    expect(commonPasswordCount).toBeGreaterThanOrEqual(10_000);
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword('ｐａｓｓｗｏｒｄ１')).toBe(true);
    expect(isCommonPassword(PASSWORD)).toBe(false);
  });

  it('a password change to a common password is refused before any try is counted, and changes nothing', async () => {
    const member = await signedInMember(t.app);
    const [before] = await t.app.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, member.user.id));
    for (const common of ['iloveyou1', 'Password123', 'qwertyuiop']) {
      const res = await change(member.headers, 'not-the-current-one', common);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal(MSG.passwordTooCommon, 'AUTH_PASSWORD_TOO_COMMON'));
    }
    expect(await failuresOf(member.user.id)).toBe(0);
    const [after] = await t.app.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, member.user.id));
    expect(after!.hash).toBe(before!.hash);
  });

  it('sign-up\'s first password and a reset refuse short and common passwords without using the link', async () => {
    await post('/api/auth/signup', { email: 'rules@example.com', matric_number: 'AE/22/7001' });
    const token = tokenFromMail(await smtp.waitFor('rules@example.com'));
    expect((await post('/api/auth/reset-password-confirm', { token, new_password: 'short-7' })).json()).toEqual(refusal(MSG.passwordTooShort));
    const common = await post('/api/auth/reset-password-confirm', { token, new_password: 'baseball1' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual(refusal(MSG.passwordTooCommon, 'AUTH_PASSWORD_TOO_COMMON'));
    expect(MSG.passwordTooCommon).not.toMatch(/token/i); // the reset screen sends token errors to a new request
    expect((await post('/api/auth/reset-password-confirm', { token, new_password: 'launch-window-9' })).statusCode).toBe(200);
    expect((await login('AE/22/7001', 'launch-window-9')).statusCode).toBe(200);

    const resetTok = await resetToken('rules@example.com');
    expect((await post('/api/auth/reset-password-confirm', { token: resetTok, new_password: 'Football1' })).json().error).toBe(MSG.passwordTooCommon);
    expect((await post('/api/auth/reset-password-confirm', { token: resetTok, new_password: 'landing-gear-3' })).statusCode).toBe(200);
  });
});

describe('create-admin follows the same rule', () => {
  const run = (password: string) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/create-admin.ts', '--email', 'chair@example.edu', '--matric', 'AE/19/0001', '--password', password], {
      env: { ...process.env, DATABASE_URL: t.database.url, LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  it('refuses a short or common password, and sets a good one', async () => {
    const short = await run('seven-7');
    expect(short.code).toBe(2);
    expect(short.out).toContain(MSG.passwordTooShort);
    const common = await run('sunshine1');
    expect(common.code).toBe(2);
    expect(common.out).toContain(MSG.passwordTooCommon);
    // Not containing the e-mail name ("chair"), which the password rules refuse.
    const ok = await run('head-of-the-board-1');
    expect(ok.out).toContain('super admin');
    expect(ok.code).toBe(0);
    expect((await login('AE/19/0001', 'head-of-the-board-1')).statusCode).toBe(200);
  }, 60_000);
});
