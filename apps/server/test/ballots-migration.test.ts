import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connect } from '../src/db/client.ts';
import { MIGRATIONS_DIR, runMigrations } from '../src/db/migrate.ts';
import { testDatabasePrefix, withClient, withDatabase } from './support/global-setup.ts';

// Migration 0011 moves every vote of the old `votes` table (voter next to choice) into a
// participation and a ballot, checks the tallies, and drops `votes`. These tests build a
// database as it was at migration 0010, fill it with the old schema, and migrate it.

const RECEIPT = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

/** The migrations folder as it was up to and including `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-migrations-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, last + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** A new database migrated up to 0010 (the schema with the `votes` table). */
async function databaseAt0010() {
  const adminUrl = inject('pgAdminUrl');
  const name = `${testDatabasePrefix(inject('pgTemplate'))}m${randomBytes(5).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const conn = connect(withDatabase(adminUrl, name), 'postgres', 3);
  cleanups.push(async () => {
    await conn.close();
    await withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  });
  await migrate(conn.db, { migrationsFolder: migrationsUpTo('0010_audit_readable_entries') });
  return conn;
}

/** Two elections with candidates and votes, in the old schema; tallies equal the votes. */
async function fillOldSchema(pool: pg.Pool) {
  const q = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows;
  const members = await q(
    `insert into users (name, email, matric_number) select 'Member ' || i, 'm' || i || '@old.test', 'OLD' || i from generate_series(1, 40) i returning id`,
  );
  const elections = await q(
    `insert into elections (title, start_time, end_time) values ('Old 2025', now() - interval '400 days', now() - interval '399 days'), ('Old 2026', now() - interval '1 day', now() + interval '1 day') returning id`,
  );
  const candidates: { id: string; election_id: string; position: string }[] = [];
  for (const [e, election] of elections.entries()) {
    for (const [k, position] of ['President', 'President', 'Treasurer'].entries()) {
      const [c] = await q(`insert into candidates (election_id, user_id, position) values ($1, $2, $3) returning id, election_id, position`, [election.id, members[e * 3 + k].id, position]);
      candidates.push(c);
    }
  }
  // Every member votes in both elections: President for one of two, Treasurer for most.
  let n = 0;
  for (const election of elections) {
    const mine = candidates.filter((c) => c.election_id === election.id);
    for (const [i, m] of members.entries()) {
      await q(`insert into votes (election_id, voter_id, position, candidate_id, created_at) values ($1, $2, 'President', $3, now() - ($4 || ' minutes')::interval)`, [election.id, m.id, mine[i % 2]!.id, i * 7]);
      n++;
      if (i % 5 !== 0) {
        await q(`insert into votes (election_id, voter_id, position, candidate_id) values ($1, $2, 'Treasurer', $3)`, [election.id, m.id, mine[2]!.id]);
        n++;
      }
    }
  }
  await q(`update candidates c set vote_count = (select count(*) from votes v where v.candidate_id = c.id)`);
  const tallies = await q(`select id, vote_count from candidates order by id`);
  return { votes: n, elections: elections.map((e) => e.id as string), tallies };
}

const tableExists = async (pool: pg.Pool, table: string) =>
  (await pool.query(`select to_regclass($1) is not null as found`, [`public.${table}`])).rows[0].found as boolean;

describe('migration 0011: votes become participations and ballots', () => {
  it('keeps every count, gives each participation a ballot with a receipt, and drops the votes table', async () => {
    const conn = await databaseAt0010();
    const old = await fillOldSchema(conn.pool);
    const { rows: periods } = await conn.pool.query(
      `select election_id, voter_id as member_id, position, date_bin('10 minutes', created_at, timestamptz '2000-01-01') as voted_period from votes order by 1, 2, 3`,
    );
    expect(await tableExists(conn.pool, 'votes')).toBe(true);

    await runMigrations(conn.db);

    expect(await tableExists(conn.pool, 'votes')).toBe(false);
    const { rows: parts } = await conn.pool.query(`select election_id, member_id, position, voted_period from election_participations order by 1, 2, 3`);
    expect(parts).toEqual(periods);
    const { rows: ballots } = await conn.pool.query(`select * from ballots`);
    expect(ballots).toHaveLength(old.votes);
    // Each participation has its ballot: per election and position, the counts agree.
    const { rows: mismatched } = await conn.pool.query(`
      select coalesce(p.election_id, b.election_id) as election_id, coalesce(p.position, b.position) as position, p.n as participations, b.n as ballots
      from (select election_id, position, count(*) n from election_participations group by 1, 2) p
      full join (select election_id, position, count(*) n from ballots group by 1, 2) b using (election_id, position)
      where p.n is distinct from b.n`);
    expect(mismatched).toEqual([]);
    // The tallies are kept and equal the ballots.
    const { rows: tallies } = await conn.pool.query(`select id, vote_count from candidates order by id`);
    expect(tallies).toEqual(old.tallies);
    const { rows: counted } = await conn.pool.query(`select c.id, c.vote_count, (select count(*)::int from ballots b where b.candidate_id = c.id) as n from candidates c`);
    for (const c of counted) expect(c.vote_count, c.id).toBe(c.n);
    // Fresh receipts, all different; ballots name no voter and no time.
    for (const b of ballots) expect(b.receipt).toMatch(RECEIPT);
    expect(new Set(ballots.map((b) => b.receipt)).size).toBe(ballots.length);
    expect(Object.keys(ballots[0]).sort()).toEqual(['candidate_id', 'election_id', 'id', 'position', 'receipt']);
    // Ballots are stored in a random order, not the order of the votes (nor of the voters).
    const { rows: order } = await conn.pool.query(`select candidate_id from ballots order by ctid`);
    const runs = order.reduce((n: number, r, i) => n + (i > 0 && r.candidate_id !== order[i - 1].candidate_id ? 1 : 0), 0);
    expect(runs).toBeGreaterThan(20);
  });

  it('stops loudly and changes nothing when a tally does not equal its votes', async () => {
    const conn = await databaseAt0010();
    const old = await fillOldSchema(conn.pool);
    const { rows: [wrong] } = await conn.pool.query(`update candidates set vote_count = vote_count + 1 where id = (select id from candidates order by id limit 1) returning id`);

    await expect(runMigrations(conn.db)).rejects.toThrow(new RegExp(`Migration 0011 stopped: candidate ${wrong.id} .* has a tally of \\d+ but \\d+ stored votes`),
    );

    expect(await tableExists(conn.pool, 'votes')).toBe(true);
    expect(await tableExists(conn.pool, 'ballots')).toBe(false);
    expect(await tableExists(conn.pool, 'election_participations')).toBe(false);
    expect(Number((await conn.pool.query(`select count(*) from votes`)).rows[0].count)).toBe(old.votes);
  });

  it('migrates a database without any votes', async () => {
    const conn = await databaseAt0010();
    await runMigrations(conn.db);
    expect(await tableExists(conn.pool, 'votes')).toBe(false);
    expect(Number((await conn.pool.query(`select count(*) from ballots`)).rows[0].count)).toBe(0);
  });
});
