import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG, SERVER_MSG } from '@aesa/shared/messages';
import { mailOutbox, memberRoles, sessions, users } from '../src/db/schema.ts';
import { useTestAppWithMail } from './support/use-test-app.ts';
import { tokenFromMail } from './support/smtp-sink.ts';
import { createMember, login, PASSWORD, signedInMember } from './support/factories.ts';
import { refusal } from './support/refusal.ts';

const { t, smtp } = useTestAppWithMail();

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('auth: registration and first password', () => {
  it('signs up, e-mails a set-password link, and the link sets the password once', async () => {
    const res = await post('/api/auth/signup', { email: 'New.Member@Example.com', matric_number: 'ae/21/1001' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.registrationSuccess });

    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'new.member@example.com'));
    expect(user!.matric_number).toBe('AE/21/1001');
    expect(user!.password_hash).toBeNull();
    const roles = await t.app.db.select().from(memberRoles).where(eq(memberRoles.user_id, user!.id));
    expect(roles).toMatchObject([{ role_name: 'Members', verified_by_admin: false, is_current: true }]);

    const mail = await smtp.waitFor('new.member@example.com');
    expect(mail.text).toContain('http://portal.test/set-password?token=');
    const token = tokenFromMail(mail);

    // No login before the password is set.
    expect((await post('/api/auth/token', { matric_number: 'AE/21/1001', password: 'whatever1' })).statusCode).toBe(401);

    const set = await post('/api/auth/reset-password-confirm', { token, new_password: 'first-pass-1' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ success: true, message: MSG.resetConfirmSuccess });
    const again = await post('/api/auth/reset-password-confirm', { token, new_password: 'other-pass-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toContain('token');

    const loginRes = await post('/api/auth/token', { matric_number: 'ae/21/1001', password: 'first-pass-1' });
    expect(loginRes.statusCode).toBe(200);
    const body = loginRes.json();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.expires_at).getTime() - t.clock().getTime()).toBe(24 * 3600_000);
    expect(body.user).toEqual({
      id: user!.id,
      name: '',
      email: 'new.member@example.com',
      phone_number: null,
      profile_image_url: null,
      avatar: null,
      matric_number: 'AE/21/1001',
      app_metadata: { roles: ['member'] },
      admin_type: null,
      admin_role: null,
    });
    // The token is stored hashed, never as given.
    const stored = await t.app.db.select().from(sessions).where(eq(sessions.user_id, user!.id));
    expect(stored[0]!.token_hash).not.toContain(body.token);
    expect(stored[0]!.token_hash).toHaveLength(64);
  });

  it('refuses a taken e-mail or matric number with 409 and changes nothing', async () => {
    await post('/api/auth/signup', { email: 'taken@example.com', matric_number: 'AE/21/2000' });
    const [{ n: before }] = (await t.app.db.select({ n: count() }).from(users)) as [{ n: number }];
    const dupEmail = await post('/api/auth/signup', { email: 'TAKEN@example.com', matric_number: 'AE/21/2001' });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json()).toEqual(refusal(SERVER_MSG.emailTaken, 'AUTH_EMAIL_TAKEN'));
    const dupMatric = await post('/api/auth/signup', { email: 'other@example.com', matric_number: 'ae/21/2000' });
    expect(dupMatric.statusCode).toBe(409);
    expect(dupMatric.json().error).toBe(SERVER_MSG.matricTaken);
    const [{ n: after }] = (await t.app.db.select({ n: count() }).from(users)) as [{ n: number }];
    expect(after).toBe(before);
  });

  it('validates signup with the spec messages', async () => {
    expect((await post('/api/auth/signup', { matric_number: 'X1' })).json()).toEqual(refusal(MSG.emailRequired));
    expect((await post('/api/auth/signup', { email: 'nope', matric_number: 'X1' })).json().error).toBe(MSG.emailInvalid);
    expect((await post('/api/auth/signup', { email: 'a@b.co' })).json().error).toBe(MSG.matricRequired);
    expect((await post('/api/auth/signup', { email: 'a@b.co', matric_number: 42 })).statusCode).toBe(400);
  });

  it('a set-password link expires after 72 hours', async () => {
    await post('/api/auth/signup', { email: 'late@example.com', matric_number: 'AE/21/3000' });
    const token = tokenFromMail(await smtp.waitFor('late@example.com'));
    t.clock.advance(72 * 3600_000 + 1000);
    try {
      const res = await post('/api/auth/reset-password-confirm', { token, new_password: 'late-pass-1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(SERVER_MSG.tokenExpiredOrUsed);
    } finally {
      t.clock.set(new Date());
    }
  });
});

describe('auth: sessions', () => {
  it('me answers the user; logout revokes the token on the server', async () => {
    const m = await signedInMember(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: m.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(m.user.id);
    expect(me.headers['cache-control']).toBe('no-store');
    expect((await post('/api/auth/logout', {}, m.headers)).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: m.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(refusal(SERVER_MSG.notAuthenticated, 'UNAUTHENTICATED'));
  });

  it('a session ends 24 hours after login', async () => {
    const m = await signedInMember(t.app);
    t.clock.advance(24 * 3600_000 + 1000);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: m.headers })).statusCode).toBe(401);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('me without or with a garbage token is 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer ' + 'x'.repeat(43) } });
    expect(res.statusCode).toBe(401);
  });

  it('wrong password and unknown matric answer the same 401', async () => {
    const user = await createMember(t.app);
    const wrong = await post('/api/auth/token', { matric_number: user.matric_number, password: 'not-it' });
    const unknown = await post('/api/auth/token', { matric_number: 'NOBODY/1', password: 'not-it' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('a come-back ticket that is malformed, oversized or forged changes nothing: the password decides', async () => {
    const user = await createMember(t.app);
    const body = { matric_number: user.matric_number, password: PASSWORD };
    for (const ticket of ['<script>x', `${'9'.repeat(8000)}.${'A'.repeat(22)}`, `${Date.now()}.${'A'.repeat(22)}`, '']) {
      const res = await post('/api/auth/token', body, { 'come-back-ticket': ticket });
      expect(res.statusCode, ticket.slice(0, 20)).toBe(200);
      expect(res.headers['come-back-ticket']).toBeUndefined();
    }
    const wrong = await post('/api/auth/token', { ...body, password: 'not-it' }, { 'come-back-ticket': `${Date.now()}.${'A'.repeat(22)}` });
    expect(wrong.statusCode).toBe(401);
  });

  it('login validates with the spec messages', async () => {
    expect((await post('/api/auth/token', { password: 'x' })).json().error).toBe(MSG.matricRequired);
    expect((await post('/api/auth/token', { matric_number: 'A1' })).json().error).toBe(MSG.passwordRequired);
  });

  it('locks an account after 10 failed logins in 15 minutes, until the window passes', async () => {
    const user = await createMember(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/token', { matric_number: user.matric_number, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const locked = await post('/api/auth/token', { matric_number: user.matric_number, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(refusal(SERVER_MSG.accountLocked, 'AUTH_ACCOUNT_LOCKED'));
    t.clock.advance(15 * 60_000 + 1000);
    try {
      expect((await post('/api/auth/token', { matric_number: user.matric_number, password: PASSWORD })).statusCode).toBe(200);
    } finally {
      t.clock.set(new Date());
    }
  });
});

describe('auth: password change and reset', () => {
  it('changes the password and ends every other session', async () => {
    const user = await createMember(t.app);
    const a = await login(t.app, user.matric_number);
    const b = await login(t.app, user.matric_number);
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/auth/update', headers: { authorization: `Bearer ${a}` }, payload: { current_password: 'nope', new_password: 'new-pass-1' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(SERVER_MSG.currentPasswordWrong);
    const short = await t.app.inject({ method: 'PUT', url: '/api/auth/update', headers: { authorization: `Bearer ${a}` }, payload: { current_password: PASSWORD, new_password: '12345' } });
    expect(short.json().error).toBe(MSG.passwordTooShort);
    const ok = await t.app.inject({ method: 'PUT', url: '/api/auth/update', headers: { authorization: `Bearer ${a}` }, payload: { current_password: PASSWORD, new_password: 'new-pass-1' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().success).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${a}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${b}` } })).statusCode).toBe(401);
    expect((await post('/api/auth/token', { matric_number: user.matric_number, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/token', { matric_number: user.matric_number, password: 'new-pass-1' })).statusCode).toBe(200);
  });

  it('accepts 128-character passwords, refuses 129, and never truncates', async () => {
    const user = await createMember(t.app);
    const token = await login(t.app, user.matric_number);
    // Not one character repeated (a rule of its own): the last character differs.
    const long = 'p'.repeat(127) + 'q';
    const tooLong = await t.app.inject({ method: 'PUT', url: '/api/auth/update', headers: { authorization: `Bearer ${token}` }, payload: { current_password: PASSWORD, new_password: long + 'p' } });
    expect(tooLong.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/update', headers: { authorization: `Bearer ${token}` }, payload: { current_password: PASSWORD, new_password: long } })).statusCode).toBe(200);
    expect((await post('/api/auth/token', { matric_number: user.matric_number, password: long.slice(0, 72) })).statusCode).toBe(401);
    expect((await post('/api/auth/token', { matric_number: user.matric_number, password: long })).statusCode).toBe(200);
  });

  it('forgot-password answers the same for known and unknown addresses, and mails only the known', async () => {
    const user = await createMember(t.app, { email: 'forgetful@example.com' });
    const known = await post('/api/auth/forgot-password', { email: 'Forgetful@example.com' });
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(MSG.resetRequestSent);
    const first = tokenFromMail(await smtp.waitFor('forgetful@example.com'));
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.some((m) => m.to.includes('ghost@example.com'))).toBe(false);
    const outbox = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'ghost@example.com'));
    expect(outbox).toHaveLength(0);

    // A newer link voids the older one.
    const before = smtp.received.length;
    await post('/api/auth/forgot-password', { email: 'forgetful@example.com' });
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBeGreaterThan(before);
    const second = tokenFromMail(smtp.received.at(-1)!);
    expect((await post('/api/auth/reset-password-confirm', { token: first, new_password: 'reset-pass-1' })).statusCode).toBe(400);

    const other = await login(t.app, user.matric_number);
    expect((await post('/api/auth/reset-password-confirm', { token: second, new_password: 'reset-pass-1' })).statusCode).toBe(200);
    // A reset ends every session.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${other}` } })).statusCode).toBe(401);
    expect((await post('/api/auth/token', { matric_number: user.matric_number, password: 'reset-pass-1' })).statusCode).toBe(200);
  });

  it('a reset link expires after one hour', async () => {
    await createMember(t.app, { email: 'slow@example.com' });
    await post('/api/auth/forgot-password', { email: 'slow@example.com' });
    const token = tokenFromMail(await smtp.waitFor('slow@example.com'));
    t.clock.advance(3600_000 + 1000);
    try {
      expect((await post('/api/auth/reset-password-confirm', { token, new_password: 'reset-pass-2' })).statusCode).toBe(400);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('reset-password-confirm validates with the spec messages', async () => {
    expect((await post('/api/auth/reset-password-confirm', { new_password: 'abcdef' })).json().error).toBe(MSG.resetTokenInvalid);
    expect((await post('/api/auth/reset-password-confirm', { token: 'x'.repeat(43), new_password: 'abc' })).json().error).toBe(MSG.passwordTooShort);
  });
});
