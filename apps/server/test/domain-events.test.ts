import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_NAME, type DomainEvents } from '../src/db/domain-events.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { startSecondApp } from './support/elections.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Backends of this test's database that LISTEN (their last statement was a LISTEN, or they are ours). */
async function listeners() {
  const { rows } = await t.database.pool.query<{ application_name: string; n: number }>(
    `select application_name, count(*)::int as n from pg_stat_activity
      where datname = current_database() and (application_name = $1 or query ilike 'listen %')
      group by application_name`,
    [APPLICATION_NAME],
  );
  return rows;
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 5000) {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out');
}

describe('domain events', () => {
  it('a process holds exactly one LISTEN connection, for the live results and the directory alike', async () => {
    expect(t.app.domainEvents.connected).toBe(true);
    expect(await listeners()).toEqual([{ application_name: APPLICATION_NAME, n: 1 }]);
    const other = await startSecondApp(t);
    try {
      expect(await listeners()).toEqual([{ application_name: APPLICATION_NAME, n: 2 }]); // one per process
    } finally {
      await other.close();
    }
  });

  it('turns each NOTIFY into its typed event, whoever sent it', async () => {
    const heard: { [E in keyof DomainEvents]?: DomainEvents[E][] } = {};
    const stops = [
      t.app.domainEvents.on('vote.cast', (p) => void (heard['vote.cast'] ??= []).push(p)),
      t.app.domainEvents.on('election.changed', (p) => void (heard['election.changed'] ??= []).push(p)),
      t.app.domainEvents.on('directory.changed', (p) => void (heard['directory.changed'] ??= []).push(p)),
    ];
    try {
      const id = '00000000-0000-4000-8000-000000000001';
      await t.database.pool.query(`select pg_notify('aesa_votes', $1), pg_notify('aesa_elections', $1), pg_notify('aesa_directory', 'users'), pg_notify('somebody_else', 'x')`, [id]);
      await waitFor(() => !!heard['directory.changed']);
      expect(heard).toEqual({ 'vote.cast': [{ electionId: id }], 'election.changed': [{ electionId: id }], 'directory.changed': [{ table: 'users' }] });
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('says when the connection is lost and when it is back; the caches are off meanwhile', async () => {
    // Registered after the caches' own handlers: each state is seen as the caches left it.
    const states: boolean[] = [];
    const cachesOn: boolean[][] = [];
    const stop = t.app.domainEvents.onConnection((connected) => {
      states.push(connected);
      cachesOn.push([t.app.directoryCache.enabled, t.app.liveResults.cache.enabled]);
    });
    try {
      const { rowCount } = await t.database.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()`, [APPLICATION_NAME]);
      expect(rowCount).toBe(1);
      await waitFor(() => states.length > 0);
      expect(states[0]).toBe(false);
      await waitFor(() => states.length >= 2);
      expect(states).toEqual([false, true]);
      expect(cachesOn).toEqual([[false, false], [true, true]]);
      expect(await listeners()).toEqual([{ application_name: APPLICATION_NAME, n: 1 }]);
    } finally {
      stop();
    }
  });
});
