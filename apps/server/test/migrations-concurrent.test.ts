import { randomBytes } from 'node:crypto';
import { inject, expect, it } from 'vitest';
import { connect } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { testDatabasePrefix, withClient, withDatabase } from './support/global-setup.ts';

// Two app processes (two machines after an upgrade) starting at the same moment on a database
// that needs its migrations: both must start, and the migrations must be applied once.

it('three processes migrating one new database at the same moment all succeed, and each migration is applied once', async () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `${testDatabasePrefix(inject('pgTemplate'))}${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  // Pools of one connection each, as a command-line tool opens: the lock must not need a second one from the pool.
  const processes = [1, 2, 3].map(() => connect(withDatabase(adminUrl, name), 'postgres', 1));
  try {
    const outcomes = await Promise.allSettled(processes.map((p) => runMigrations(p.db)));
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const { rows } = await processes[0]!.pool.query<{ n: number; distinct: number }>('select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations');
    expect(rows[0]!.n).toBe(rows[0]!.distinct);
    expect(rows[0]!.n).toBeGreaterThan(5);
  } finally {
    await Promise.all(processes.map((p) => p.close()));
    await withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
});
