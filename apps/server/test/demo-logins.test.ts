import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../src/db/seed/index.ts';
import { DEMO_LOGINS_HINT, NoDemoAccountsError, resetDemoLogins } from '../src/db/seed/demo-logins.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { issueSetupLink } from '../src/modules/setup/setup.service.ts';
import { type PrintedDemoLogins, parseDemoLogins, seedDemoAndReadLogins } from './support/demo-seed.ts';
import { createMember, login, signedInMember } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The demo accounts' passwords: random per installation, printed once, stored only hashed, and
// renewed (with every session of those accounts ended) by `npm run demo-logins`.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// The passwords every installation had before they became random.
const FORMER_FIXED = ['aesa-demo-admin', 'aesa-demo-member'];

let a: TestApp;
let b: TestApp;
let first: PrintedDemoLogins;
let second: PrintedDemoLogins;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
  first = await seedDemoAndReadLogins(a.app);
  second = await seedDemoAndReadLogins(b.app);
}, 180_000);
afterAll(() => Promise.all([a?.close(), b?.close()]));

const hashOf = async (t: TestApp, matric: string) =>
  (await t.app.db.execute<{ h: string }>(sql`select password_hash as h from users where matric_number = ${matric}`)).rows[0]!.h;
const aMember = async (t: TestApp) =>
  (await t.app.db.execute<{ m: string }>(sql`select u.matric_number as m from demo_accounts d join users u on u.id = d.user_id where d.kind = 'member' order by u.matric_number limit 1`)).rows[0]!.m;
const status = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('the demo seed', () => {
  it('prints logins that work, different in every installation, for the admin and the members', async () => {
    expect(first.admin.matric).toBe('ADMIN001');
    expect(first.admin.password).not.toBe(second.admin.password);
    expect(first.memberPassword).not.toBe(second.memberPassword);
    expect(first.admin.password).not.toBe(first.memberPassword);
    await expect(login(a.app, first.admin.matric, first.admin.password)).resolves.toBeTruthy();
    await expect(login(a.app, await aMember(a), first.memberPassword)).resolves.toBeTruthy();
    // One installation's passwords open nothing in another.
    await expect(login(b.app, first.admin.matric, first.admin.password)).rejects.toThrow(/401/);
  });

  it('stores only argon2 hashes, which the formerly fixed passwords do not open', async () => {
    const { rows } = await a.app.db.execute<{ h: string | null }>(sql`select password_hash as h from users u join demo_accounts d on d.user_id = u.id`);
    expect(rows.length).toBeGreaterThan(60);
    const text = JSON.stringify((await a.app.db.execute(sql`select * from users`)).rows);
    expect(text).not.toContain(first.admin.password);
    expect(text).not.toContain(first.memberPassword);
    for (const hash of new Set(rows.map((r) => r.h))) {
      expect(hash).toMatch(/^\$argon2id\$/);
      for (const fixed of FORMER_FIXED) expect(await verifyPassword(hash, fixed)).toBe(false);
    }
    for (const fixed of FORMER_FIXED) await expect(login(a.app, 'ADMIN001', fixed)).rejects.toThrow(/401/);
  });

  it('lists every account it made as a demo account: the admin and all members', async () => {
    const { rows } = await a.app.db.execute<{ users: number; demo: number; admins: number }>(sql`
      select (select count(*)::int from users) as users, (select count(*)::int from demo_accounts) as demo,
             (select count(*)::int from demo_accounts where kind = 'admin') as admins`);
    expect(rows[0]).toMatchObject({ admins: 1 });
    expect(rows[0]!.demo).toBe(rows[0]!.users);
  });

  it('prints no password at a later start, only where the logins come from; no setup link is needed', async () => {
    const output: string[] = [];
    expect(await seedDemo(a.app, (l) => output.push(l))).toBeNull();
    expect(output.join('\n')).toContain(DEMO_LOGINS_HINT);
    expect(output.join('\n')).not.toMatch(/password [a-z0-9]{4}-/);
    expect(await issueSetupLink(a.app.db, a.config)).toBeNull();
  });
});

describe('npm run demo-logins', () => {
  it('gives the demo accounts new passwords and ends their sessions, and touches no other account', async () => {
    const adminToken = await login(a.app, 'ADMIN001', first.admin.password);
    const memberMatric = await aMember(a);
    const memberToken = await login(a.app, memberMatric, first.memberPassword);
    const real = await signedInMember(a.app);
    const realHash = await hashOf(a, real.user.matric_number);

    const fresh = await resetDemoLogins(a.app.db, a.clock());
    expect(fresh.admin!.password).not.toBe(first.admin.password);
    expect(fresh.member.password).not.toBe(first.memberPassword);
    expect((await status(a, adminToken)).statusCode).toBe(401);
    expect((await status(a, memberToken)).statusCode).toBe(401);
    await expect(login(a.app, 'ADMIN001', first.admin.password)).rejects.toThrow(/401/);
    await expect(login(a.app, memberMatric, first.memberPassword)).rejects.toThrow(/401/);
    await expect(login(a.app, 'ADMIN001', fresh.admin!.password)).resolves.toBeTruthy();
    await expect(login(a.app, memberMatric, fresh.member.password)).resolves.toBeTruthy();

    expect((await status(a, real.token)).statusCode).toBe(200);
    expect(await hashOf(a, real.user.matric_number)).toBe(realHash);
  });

  it('refuses on a database without demo data, changing nothing', async () => {
    const t = await createTestApp();
    try {
      const member = await createMember(t.app);
      await expect(resetDemoLogins(t.app.db, t.clock())).rejects.toBeInstanceOf(NoDemoAccountsError);
      expect(await hashOf(t, member.matric_number)).toBe(member.password_hash);
    } finally {
      await t.close();
    }
  });

  it('as a command: prints new logins that work, or refuses with a non-zero exit', async () => {
    const run = (databaseUrl: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/demo-logins.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const ok = run(b.database.url);
    expect(ok.status, ok.stderr).toBe(0);
    const printed = parseDemoLogins(ok.stdout.split('\n'));
    expect(printed.admin.password).not.toBe(second.admin.password);
    await expect(login(b.app, 'ADMIN001', printed.admin.password)).resolves.toBeTruthy();
    await expect(login(b.app, await aMember(b), printed.memberPassword)).resolves.toBeTruthy();

    const t = await createTestApp();
    try {
      const refused = run(t.database.url);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('no demo accounts');
      expect(refused.stdout).not.toMatch(/password/);
    } finally {
      await t.close();
    }
  });
});
