import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runningEmbeddedUrl } from '../src/db/embedded.ts';
import { parseDemoLogins, seedDemoAndReadLogins } from '../test/support/demo-seed.ts';
import { createTestApp, createTestDatabase } from '../test/support/test-app.ts';
import { rawRequest } from './support/stranger.ts';
import { freshDataDir, spawnServer, type SpawnedServer } from './support/spawned-server.ts';

// Attack: a production site opened with the demo accounts of a first look, whose passwords were
// once the same in every installation (printed in the README). A stranger on the network tries
// them. The real server starts as an operator would start it, NODE_ENV=production on a fresh
// embedded database, and the stranger's logins arrive over TCP from the stranger's network namespace.

// Every password the demo seed once gave every installation.
const FORMER_FIXED = ['aesa-demo-admin', 'aesa-demo-member'];

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** The matric numbers of every account the demo seed makes (seeded once on a scratch database). */
let demoMatrics: string[];
beforeAll(async () => {
  const t = await createTestApp();
  try {
    await seedDemoAndReadLogins(t.app);
    const { rows } = await t.app.db.execute<{ m: string }>(sql`select u.matric_number as m from demo_accounts d join users u on u.id = d.user_id order by 1`);
    demoMatrics = rows.map((r) => r.m);
  } finally {
    await t.close();
  }
  expect(demoMatrics).toContain('ADMIN001');
  expect(demoMatrics.length).toBeGreaterThan(60);
}, 120_000);

const loginFromStranger = (port: number, matric: string, password: string) =>
  rawRequest(port, { method: 'POST', path: '/api/auth/token', body: { matric_number: matric, password } });

describe('demo logins in production', () => {
  it('a production start on a fresh embedded database seeds no demo account: every former demo login is refused; a setup link is printed instead', async () => {
    const dataDir = freshDataDir('aesa-first-run-prod-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const server: SpawnedServer = await spawnServer({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: undefined, SEED_DEMO: undefined });
    cleanups.push(server.stop);

    const output = server.output();
    expect(output).not.toMatch(/Demo logins|demo data|password/i);
    expect(output).toMatch(/\/setup\?token=[A-Za-z0-9_-]{43}/);

    const pool = new pg.Pool({ connectionString: runningEmbeddedUrl(dataDir)!, max: 1 });
    cleanups.push(() => pool.end());
    const { rows } = await pool.query<{ users: number; demo: number }>(`select (select count(*)::int from users) as users, (select count(*)::int from demo_accounts) as demo`);
    expect(rows[0]).toEqual({ users: 0, demo: 0 });

    for (const matric of demoMatrics) {
      const password = matric === 'ADMIN001' ? 'aesa-demo-admin' : 'aesa-demo-member';
      const res = await loginFromStranger(server.port, matric, password);
      expect(res.status, `${matric} / ${password}`).toBe(401);
    }
    for (const fixed of FORMER_FIXED) expect((await loginFromStranger(server.port, 'ADMIN001', fixed)).status).toBe(401);
  });

  it('with SEED_DEMO=true in production, the start warns, and only the printed random passwords open the demo accounts', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const server = await spawnServer({ NODE_ENV: 'production', SEED_DEMO: 'true', DATABASE_URL: database.url });
    cleanups.push(server.stop);

    const output = server.output();
    expect(output).toContain('WARNING: SEED_DEMO=true in production');
    expect(output).not.toContain('/setup?token='); // the demo super admin exists
    const printed = parseDemoLogins(output.split('\n'));
    for (const fixed of FORMER_FIXED) {
      expect(printed.admin.password).not.toBe(fixed);
      expect((await loginFromStranger(server.port, 'ADMIN001', fixed)).status).toBe(401);
    }
    const member = demoMatrics.find((m) => m !== 'ADMIN001')!;
    expect((await loginFromStranger(server.port, member, 'aesa-demo-member')).status).toBe(401);
    expect((await loginFromStranger(server.port, 'ADMIN001', printed.admin.password)).status).toBe(200);
    expect((await loginFromStranger(server.port, member, printed.memberPassword)).status).toBe(200);
  });
});
