import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshGrownStatistics } from '../src/modules/voting/vote-table-statistics.ts';
import { CAST_VOTE } from '../src/modules/voting/voting.queries.ts';
import { createElection } from './support/elections.ts';
import { createMember } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * How the vote, as this connection has it prepared, reads election_participations: 'Seq Scan'
 * (the whole table) or an index scan. The generic plan is the one a connection keeps once it has
 * cast a few votes, so it is asked for directly.
 */
async function participationsRead(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `explain (costs off) execute vote('token hash', now(), 60000, 60000, gen_random_uuid(), gen_random_uuid(), 'President', 'receipt')`,
  );
  return rows.flatMap((r) => /(Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan)\b.* on election_participations\b/.exec(r['QUERY PLAN'])?.[1] ?? []);
}

const relpages = async (table: string) => (await t.database.pool.query<{ relpages: number }>('select relpages from pg_class where relname = $1', [table])).rows[0]!.relpages;

/** Waits (10 s at most) until the background jobs have measured the table at its grown size. */
async function measured(table: string) {
  const deadline = Date.now() + 10_000;
  while ((await relpages(table)) < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(await relpages(table), `${table} measured at its grown size`).toBeGreaterThanOrEqual(10);
}

describe('the tables voting fills: the planner learns they grew', () => {
  it('a connection that planned the vote on a nearly empty table reads it by key again once the table outgrew it, measured by the background jobs', async () => {
    // A table measured nearly empty, as autovacuum measures it after its first 50 rows.
    await t.database.pool.query('analyze election_participations');
    const client = await t.database.pool.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query(`prepare vote as ${CAST_VOTE.text}`);
      expect(await participationsRead(client), 'planned on an empty table, the vote reads it whole').toEqual(['Seq Scan']);

      // The opening storm: thousands of votes arrive while the plan stays cached.
      const election = await createElection(t.app);
      const member = await createMember(t.app);
      await t.database.pool.query(
        `insert into election_participations (election_id, member_id, position, voted_period)
         select $1, $2, 'Position ' || n, now() from generate_series(1, 3000) n`,
        [election.id, member.id],
      );
      expect(await participationsRead(client), 'a cached plan does not see the table grow').toEqual(['Seq Scan']);

      // The background jobs notice within seconds and measure the table; the plan is made again.
      await measured('election_participations');
      expect(await participationsRead(client)).toEqual(['Index Only Scan']);
      // Once the planner knows the size there is nothing more to do.
      expect(await refreshGrownStatistics(t.app.directPool)).toEqual([]);
    } finally {
      await client.query('deallocate vote').catch(() => {});
      client.release();
    }
  });

  it('measures the ballots too, once they outgrow what the planner saw', async () => {
    await t.database.pool.query('analyze ballots');
    const election = await createElection(t.app);
    const member = await createMember(t.app);
    const { rows } = await t.database.pool.query<{ id: string }>(`insert into candidates (election_id, user_id, position) values ($1, $2, 'President') returning id`, [
      election.id,
      member.id,
    ]);
    await t.database.pool.query(
      `insert into ballots (election_id, position, candidate_id, receipt) select $1, 'President', $2, 'R' || n from generate_series(1, 3000) n`,
      [election.id, rows[0]!.id],
    );
    await measured('ballots');
    expect(await refreshGrownStatistics(t.app.directPool)).toEqual([]);
  });
});
