import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIMITS } from '@aesa/shared/constants';
import { MSG, SERVER_MSG } from '@aesa/shared/messages';
import { SETUP_MSG } from '@aesa/shared/setup';
import { passwordPool } from '../src/lib/passwords.ts';
import { ensureSuperAdmin } from '../src/modules/admin/super-admin.ts';
import { SETUP_TOKEN_TTL_MS, issueSetupLink } from '../src/modules/setup/setup.service.ts';
import { createMember, login } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { refusal } from './support/refusal.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Every test starts on a database without a super admin and without setup links.
beforeEach(async () => {
  await t.app.db.execute(sql`delete from admin_users`);
  await t.app.db.execute(sql`delete from setup_tokens`);
});

let n = 0;
const address = () => `10.77.${n % 250}.${(n++ >> 8) % 250}`;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const newLink = async () => {
  const link = await issueSetupLink(t.app.db, t.config);
  expect(link).not.toBeNull();
  return link!;
};
const admin = (over: Record<string, unknown> = {}) => {
  const id = randomBytes(4).toString('hex');
  return { name: 'Ngozi Chair', email: `chair.${id}@example.test`, matric_number: `AE/19/${id}`, password: 'a long first passphrase', ...over };
};
const status = (token: string, remoteAddress = address()) =>
  t.app.inject({ method: 'GET', url: `/api/setup/status?token=${encodeURIComponent(token)}`, remoteAddress });
const create = (payload: Record<string, unknown>, remoteAddress = address()) =>
  t.app.inject({ method: 'POST', url: '/api/setup/first-admin', payload, remoteAddress });
const superAdmins = async () =>
  (await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from admin_users au join admin_roles ar on ar.id = au.admin_role_id where ar.is_super_admin`)).rows[0]!.n;
const userCount = async () => (await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]!.n;

describe('the setup link', () => {
  it('is issued only while there is no super admin: the site address, /setup and a 256-bit token', async () => {
    const link = await newLink();
    expect(link.startsWith(`${t.config.publicUrl}/setup?token=`)).toBe(true);
    expect(Buffer.from(tokenOf(link), 'base64url')).toHaveLength(32);
    const stored = (await t.app.db.execute<{ token_hash: string }>(sql`select token_hash from setup_tokens`)).rows;
    expect(stored.map((r) => r.token_hash)).not.toContain(tokenOf(link)); // only the hash is kept

    await ensureSuperAdmin(t.app.db, { email: 'op@example.test', matric: `OP${randomBytes(3).toString('hex')}`, password: 'operator passphrase' });
    expect(await issueSetupLink(t.app.db, t.config)).toBeNull();
  });

  it('is valid until used, for one hour; a newer link voids it', async () => {
    const first = tokenOf(await newLink());
    expect((await status(first)).json()).toEqual({ success: true, valid: true });
    const second = tokenOf(await newLink());
    expect((await status(first)).json().valid).toBe(false);
    expect((await status(second)).json().valid).toBe(true);

    t.clock.advance(SETUP_TOKEN_TTL_MS);
    expect((await status(second)).json().valid).toBe(false);
    const late = await create({ token: second, ...admin() });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(refusal(SETUP_MSG.tokenInvalid, 'SETUP_LINK_INVALID'));
    expect(await superAdmins()).toBe(0);
  });

  it('refuses a wrong or missing token and creates nothing', async () => {
    await newLink();
    const before = await userCount();
    expect((await status(randomBytes(32).toString('base64url'))).json().valid).toBe(false);
    const missing = await t.app.inject({ method: 'GET', url: '/api/setup/status', remoteAddress: address() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(SETUP_MSG.tokenMissing);

    const wrong = await create({ token: randomBytes(32).toString('base64url'), ...admin() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(SETUP_MSG.tokenInvalid);
    const none = await create(admin());
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(SETUP_MSG.tokenMissing);
    expect(await userCount()).toBe(before);
    expect(await superAdmins()).toBe(0);
  });
});

describe('creating the first administrator', () => {
  it('creates a super admin who can log in; the link then no longer works', async () => {
    const token = tokenOf(await newLink());
    const input = admin({ email: `  Chair.${randomBytes(3).toString('hex')}@Example.TEST `, matric_number: 'ae/19/first' });
    const res = await create({ token, ...input });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SETUP_MSG.created });
    expect(await superAdmins()).toBe(1);

    const bearer = await login(t.app, 'AE/19/FIRST', input.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${bearer}` } });
    expect(me.json()).toMatchObject({ success: true, is_admin: true, flags: { is_super_admin: true } });
    const row = (await t.app.db.execute<{ name: string; email: string; password_hash: string }>(sql`select name, email, password_hash from users where matric_number = 'AE/19/FIRST'`)).rows[0]!;
    expect(row.name).toBe('Ngozi Chair');
    expect(row.email).toBe(input.email.trim().toLowerCase());
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const audit = (await t.app.db.execute<{ action: string; details: Record<string, string> }>(sql`select action, details from audit_log where route = '/api/setup/first-admin'`)).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ matric_number: 'ae/19/first', password: '[redacted]', token: '[redacted]' });

    expect((await status(token)).json().valid).toBe(false);
    const again = await create({ token, ...admin() });
    expect(again.statusCode).toBe(400);
    expect(await superAdmins()).toBe(1);
  });

  it('lets exactly one of two parallel uses of one link win', async () => {
    const token = tokenOf(await newLink());
    const results = await Promise.all([create({ token, ...admin() }), create({ token, ...admin() }), create({ token, ...admin() })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await superAdmins()).toBe(1);
  });

  it('refuses a link issued before a super admin was made some other way (create-admin)', async () => {
    const token = tokenOf(await newLink());
    await ensureSuperAdmin(t.app.db, { email: `op.${randomBytes(3).toString('hex')}@example.test`, matric: `OP${randomBytes(3).toString('hex')}`, password: 'operator passphrase' });
    expect((await status(token)).json().valid).toBe(false);
    const before = await userCount();
    const res = await create({ token, ...admin() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(SETUP_MSG.adminExists);
    expect(await userCount()).toBe(before);
    expect(await superAdmins()).toBe(1);
  });

  it('applies the password rules of every new password, and a refusal leaves the link usable', async () => {
    const token = tokenOf(await newLink());
    const short = await create({ token, ...admin({ password: 'x'.repeat(LIMITS.passwordMin - 1) }) });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(MSG.passwordTooShort);
    const long = await create({ token, ...admin({ password: 'x'.repeat(LIMITS.passwordMax + 1) }) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(MSG.passwordTooLong);
    const common = await create({ token, ...admin({ password: 'password123' }) });
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toBe(MSG.passwordTooCommon);
    const noName = await create({ token, ...admin({ name: '  ' }) });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toBe(MSG.nameRequired);
    const badEmail = await create({ token, ...admin({ email: 'not-an-address' }) });
    expect(badEmail.json().error).toBe(MSG.emailInvalid);
    expect(await superAdmins()).toBe(0);
    expect((await status(token)).json().valid).toBe(true);
  });

  it('never takes over an existing account: a taken e-mail or matric number is refused', async () => {
    const member = await createMember(t.app);
    const token = tokenOf(await newLink());
    const byEmail = await create({ token, ...admin({ email: member.email }) });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().error).toBe(SERVER_MSG.emailTaken);
    const byMatric = await create({ token, ...admin({ matric_number: member.matric_number }) });
    expect(byMatric.statusCode).toBe(409);
    expect(byMatric.json().error).toBe(SERVER_MSG.matricTaken);
    const hash = (await t.app.db.execute<{ h: string }>(sql`select password_hash as h from users where id = ${member.id}`)).rows[0]!.h;
    expect(hash).toBe(member.password_hash);
    expect(await superAdmins()).toBe(0);
    expect((await status(token)).json().valid).toBe(true);
  });

  it('limits tries per client address', async () => {
    const from = '10.78.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await create({ token: randomBytes(32).toString('base64url'), ...admin() }, from)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
    const statusCodes: number[] = [];
    for (let i = 0; i < 31; i++) statusCodes.push((await status(randomBytes(32).toString('base64url'), from)).statusCode);
    expect(statusCodes[29]).toBe(200);
    expect(statusCodes[30]).toBe(429);
  });
});

// Last in the file: the good link creates an administrator (and an audit entry) of its own.
describe('a made-up setup link', () => {
  it('checks the link before any password hash: a made-up link costs no place in the password pool, a good one its hash', async () => {
    const token = tokenOf(await newLink());
    passwordPool.takeStats();
    for (let i = 0; i < 5; i++) {
      const wrong = await create({ token: randomBytes(32).toString('base64url'), ...admin() });
      expect(wrong.json()).toEqual(refusal(SETUP_MSG.tokenInvalid, 'SETUP_LINK_INVALID'));
    }
    expect(passwordPool.takeStats().completed).toBe(0);
    expect((await create({ token, ...admin() })).statusCode).toBe(200);
    expect(passwordPool.takeStats().completed).toBe(1);
  });
});
