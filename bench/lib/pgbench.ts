import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { POSITIONS } from '@aesa/shared/constants';
import { run } from './proc.ts';
import { CANDIDATES_PER_POSITION, KIND, uidSql } from './seed.ts';
import { WORK } from './server.ts';
import { summarize } from './stats.ts';

// The vote transaction straight against the same PostgreSQL, with pgbench: insert the
// participation, insert the ballot with a receipt, raise the tally, in one transaction
// (BEGIN / INSERT / INSERT / UPDATE / END). Every transaction is a
// real vote for a distinct (voter, position) pair: pgbench keeps each client's variables from
// one transaction to the next, so client c counts n = 1, 2, ... and votes as voter
// c * slice + ((n - 1) % (slice * 10)) / 10 + 1 for position (n - 1) % 10, moving on to the next
// of its elections every slice * 10 votes. Ids are computed from numbers (seed.ts uid()).

export const PGBENCH = '/usr/bin/pgbench';

export interface PgbenchResult {
  mode: 'simple' | 'prepared';
  clients: number;
  threads: number;
  seconds: number;
  tps: number | null;
  transactions: number | null;
  failed: boolean;
  latencyMs: ReturnType<typeof summarize>;
  output: string;
}

export interface PgbenchVoteOptions {
  url: string;
  prepared: boolean;
  clients: number;
  threads: number;
  seconds: number;
  members: number;
  /** First of the elections this run may use (seeded beforehand). */
  firstElection: number;
  elections: number;
}

export function voteScript(slice: number): string {
  const pairs = slice * POSITIONS.length;
  const positions = `(array[${POSITIONS.map((p) => `'${p}'`).join(',')}])`;
  return [
    '\\set n :n + 1',
    `\\set k (:n - 1) % ${pairs}`,
    `\\set e :ebase + (:n - 1) / ${pairs}`,
    `\\set v :client_id * ${slice} + :k / ${POSITIONS.length} + 1`,
    `\\set p :k % ${POSITIONS.length}`,
    `\\set cand :e * 100 + :p * ${CANDIDATES_PER_POSITION} + random(0, ${CANDIDATES_PER_POSITION - 1})`,
    'BEGIN;',
    `INSERT INTO election_participations (election_id, member_id, position, voted_period) VALUES (${uidSql(KIND.election, '(:e)::int')}, ${uidSql(KIND.user, '(:v)::int')}, ${positions}[(:p)::int + 1], date_bin('10 minutes', now(), timestamptz '2000-01-01'));`,
    `INSERT INTO ballots (election_id, position, candidate_id, receipt) VALUES (${uidSql(KIND.election, '(:e)::int')}, ${positions}[(:p)::int + 1], ${uidSql(KIND.candidate, '(:cand)::int')}, upper(substr(md5(random()::text), 1, 14)));`,
    `UPDATE candidates SET vote_count = vote_count + 1 WHERE id = ${uidSql(KIND.candidate, '(:cand)::int')};`,
    'END;',
    '',
  ].join('\n');
}

export function pgEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  return {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || 'postgres'),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
  };
}

export async function pgbenchVote(o: PgbenchVoteOptions): Promise<PgbenchResult> {
  const slice = Math.floor(o.members / o.clients);
  const maxVotes = o.elections * slice * POSITIONS.length * o.clients;
  const r = await runPgbench({ ...o, label: 'vote', script: voteScript(slice), defines: ['n=0', `ebase=${o.firstElection}`] });
  // Past the seeded (voter, position) pairs the script would vote twice: that run is void.
  return { ...r, failed: r.failed || (r.transactions !== null && r.transactions >= maxVotes) };
}

/**
 * The simplest durable write, straight in the same PostgreSQL: one INSERT of a small row into a
 * table of its own, committed (one transaction each). What any write of the app costs at least.
 */
export async function pgbenchTrivialWrite(o: { url: string; clients: number; threads: number; seconds: number }): Promise<PgbenchResult> {
  const c = new pg.Client({ connectionString: o.url });
  await c.connect();
  try {
    await c.query('create table if not exists bench_trivial_writes (id bigint generated always as identity primary key, client int not null, n int not null, at timestamptz not null default now())');
  } finally {
    await c.end();
  }
  return runPgbench({ ...o, prepared: false, label: 'trivial-write', script: '\\set n random(1, 1000000)\nINSERT INTO bench_trivial_writes (client, n) VALUES (:client_id, :n);\n', defines: [] });
}

/**
 * The minimal durable vote: insert the vote, raise its candidate's tally, in one transaction, in
 * tables of its own (so the app's tallies are not touched). No participation, no receipt, no
 * checks: what a vote costs PostgreSQL at the very least, the floor the vote path is read against.
 */
export async function pgbenchMinimalVote(o: { url: string; clients: number; threads: number; seconds: number }): Promise<PgbenchResult> {
  const c = new pg.Client({ connectionString: o.url });
  await c.connect();
  try {
    await c.query('create table if not exists bench_minimal_tallies (candidate int primary key, vote_count int not null default 0)');
    await c.query('insert into bench_minimal_tallies (candidate) select generate_series(1, 30) on conflict do nothing');
    await c.query('create table if not exists bench_minimal_votes (id bigint generated always as identity primary key, voter int not null, candidate int not null, at timestamptz not null default now())');
  } finally {
    await c.end();
  }
  const script = [
    '\\set voter random(1, 10000000)',
    '\\set candidate random(1, 30)',
    'BEGIN;',
    'INSERT INTO bench_minimal_votes (voter, candidate) VALUES (:voter, :candidate);',
    'UPDATE bench_minimal_tallies SET vote_count = vote_count + 1 WHERE candidate = :candidate;',
    'END;',
    '',
  ].join('\n');
  return runPgbench({ ...o, prepared: false, label: 'minimal-vote', script, defines: [] });
}

async function runPgbench(o: { url: string; prepared: boolean; clients: number; threads: number; seconds: number; label: string; script: string; defines: string[] }): Promise<PgbenchResult> {
  const mode = o.prepared ? 'prepared' : 'simple';
  const dir = fs.mkdtempSync(path.join(WORK, `pgbench-${o.label}-${mode}-`));
  const script = path.join(dir, 'script.sql');
  fs.writeFileSync(script, o.script);
  const args = [
    '-n', // no vacuum of pgbench's own tables (there are none)
    '-c', String(o.clients),
    '-j', String(o.threads),
    '-T', String(o.seconds),
    '-M', mode,
    ...o.defines.flatMap((d) => ['-D', d]),
    '-f', script,
    '--log', `--log-prefix=${path.join(dir, 'tx')}`,
  ];
  const r = await run(PGBENCH, args, { name: `pgbench ${o.label} ${mode}`, cwd: dir, env: pgEnv(o.url), timeoutMs: (o.seconds + 60) * 1000 });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(r.output);
  const tx = /number of transactions actually processed: (\d+)/.exec(r.output);
  // Per-transaction log: client_id transaction_no time_us script_no epoch epoch_us
  const latencies: number[] = [];
  for (const f of fs.readdirSync(dir).filter((f) => f.startsWith('tx'))) {
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      const fields = line.split(' ');
      if (fields.length >= 3) latencies.push(Number(fields[2]) / 1000);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    mode,
    clients: o.clients,
    threads: o.threads,
    seconds: o.seconds,
    tps: tps ? Math.round(Number(tps[1])) : null,
    transactions: tx ? Number(tx[1]) : null,
    failed: r.code !== 0,
    latencyMs: summarize(latencies),
    output: r.output.trim().split('\n').slice(-12).join('\n'),
  };
}
