import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { JOBS_CONNECTION_NAME } from '../src/db/jobs-leader.ts';
import { startSmtpSink } from '../test/support/smtp-sink.ts';
import { freshDataDir, spawnServer, type SpawnedServer } from './support/spawned-server.ts';
import { allBallots, castBallot, checkVotes, prepareElection, removeDataDir, withPool, type Ballot, type ElectionSetup } from './support/votes.ts';

// WORKERS=2: the compiled server as `npm start` runs it, a primary with the embedded PostgreSQL
// and two server processes sharing the port. Killed and stopped under a stream of votes.

const VOTERS = 100;
const dirs: string[] = [];
const servers: SpawnedServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => {});
  for (const d of dirs) removeDataDir(d);
});

async function start(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<SpawnedServer> {
  const server = await spawnServer({ DATA_DIR: dataDir, WORKERS: '2', SEED_DEMO: 'false', NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: undefined, SMTP_URL: undefined, ...env });
  servers.push(server);
  return server;
}

function newDataDir() {
  const dir = freshDataDir('aesa-workers-');
  dirs.push(dir);
  return dir;
}

/** The server processes the primary forked (its node children; PostgreSQL is a child too). */
function workerPids(primary: number): number[] {
  let out = '';
  try {
    out = execFileSync('pgrep', ['-P', String(primary)], { encoding: 'utf8' });
  } catch {
    return []; // none
  }
  return out
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.js');
      } catch {
        return false;
      }
    });
}

async function until<T>(what: string, get: () => Promise<T> | T, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await get();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exited = (server: SpawnedServer) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    server.child.exitCode !== null || server.child.signalCode !== null
      ? resolve({ code: server.child.exitCode, signal: server.child.signalCode })
      : server.child.once('exit', (code, signal) => resolve({ code, signal })),
  );

/**
 * Casts the ballots from `parallel` clients; `during(acked)` runs once, after `after` acknowledged
 * votes. A request that fails at the connection is not acknowledged and is not retried.
 */
async function voteStream(port: number, setup: ElectionSetup, opts: { after: number; during: () => void; parallel?: number; stopOnError?: boolean }) {
  const queue = allBallots(setup);
  const acked: Ballot[] = [];
  const statuses = new Map<number, number>();
  let connectionErrors = 0;
  let ackedAfterEvent = 0;
  let fired = false;
  let next = 0;
  const client = async () => {
    while (next < queue.length) {
      const ballot = queue[next++]!;
      try {
        const status = await castBallot(port, setup, ballot);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 200) {
          acked.push(ballot);
          if (fired) ackedAfterEvent++;
        }
      } catch {
        connectionErrors++;
        if (opts.stopOnError) return;
      }
      if (!fired && acked.length >= opts.after) {
        fired = true;
        opts.during();
      }
    }
  };
  await Promise.all(Array.from({ length: opts.parallel ?? 12 }, client));
  return { acked, statuses: Object.fromEntries(statuses), connectionErrors, ackedAfterEvent };
}

describe('WORKERS=2', () => {
  it('kill -9 of one server process under vote load: the other keeps serving, a new one starts, no acknowledged vote is lost or doubled', async () => {
    const dataDir = newDataDir();
    const server = await start(dataDir);
    const setup = await withPool(dataDir, (pool) => prepareElection(pool, VOTERS));
    const before = workerPids(server.child.pid!);
    expect(before).toHaveLength(2);
    const victim = before[0]!;
    // The primary serves nothing and so never loads the app: neither the image library nor the
    // password hashing the server processes load is mapped into it (their memory is theirs alone).
    const nativeLibraries = (pid: number) => [...new Set(fs.readFileSync(`/proc/${pid}/maps`, 'utf8').match(/(sharp|argon2)[^/\n]*\.node$/gm))];
    expect(nativeLibraries(victim)).toHaveLength(2);
    expect(nativeLibraries(server.child.pid!)).toEqual([]);

    const run = await voteStream(server.port, setup, { after: 300, during: () => process.kill(victim, 'SIGKILL') });
    expect(run.acked.length).toBeGreaterThan(300);
    expect(run.ackedAfterEvent, 'votes acknowledged after the kill').toBeGreaterThan(100);
    // Answers are 200 (or a connection cut by the kill): never a refusal or a server error.
    expect(Object.keys(run.statuses)).toEqual(['200']);

    const after = await until('a new server process', () => workerPids(server.child.pid!), (pids) => pids.length === 2 && !pids.includes(victim));
    expect(after).toContain(before[1]);
    expect(server.output()).toContain(`Server process ${victim} stopped (SIGKILL)`);

    const check = await withPool(dataDir, (pool) => checkVotes(pool, setup, run.acked));
    expect(check.missing).toEqual([]);
    expect(check.doubled).toBe(0);
    expect(check.wrongTallies).toEqual([]);
    await server.stop();
  });

  it('SIGTERM to every process under vote load: requests in flight are answered, every acknowledged vote is kept, the stop is clean', async () => {
    const dataDir = newDataDir();
    const server = await start(dataDir);
    const setup = await withPool(dataDir, (pool) => prepareElection(pool, VOTERS));
    const stopped = exited(server);
    const run = await voteStream(server.port, setup, { after: 300, during: () => process.kill(-server.child.pid!, 'SIGTERM'), stopOnError: true });
    const { code } = await stopped;
    expect(code, server.output()).toBe(0);
    // Answers are 200, or 503 for a request that reached a closing process (not acknowledged):
    // none is a server error from a database stopped before the requests finished.
    expect(Object.keys(run.statuses).filter((s) => s !== '200' && s !== '503')).toEqual([]);
    expect(server.output()).not.toMatch(/"level":50/);
    // Each server process ended on its own once its requests were answered: none was killed at
    // the end of the grace time (a connection kept alive after its answer used to hold it open).
    expect(server.output()).not.toContain('did not stop');

    const again = await start(dataDir);
    const check = await withPool(dataDir, (pool) => checkVotes(pool, setup, run.acked));
    expect(check.missing).toEqual([]);
    expect(check.doubled).toBe(0);
    expect(check.wrongTallies).toEqual([]);
    await again.stop();
  });

  it('kill -9 of the whole process group under vote load (primary, server processes, PostgreSQL): after a restart the data is intact', async () => {
    const dataDir = newDataDir();
    const server = await start(dataDir);
    const setup = await withPool(dataDir, (pool) => prepareElection(pool, VOTERS));
    const stopped = exited(server);
    const run = await voteStream(server.port, setup, { after: 300, during: () => process.kill(-server.child.pid!, 'SIGKILL'), stopOnError: true });
    await stopped;
    expect(run.acked.length).toBeGreaterThanOrEqual(300);

    const again = await start(dataDir);
    const check = await withPool(dataDir, (pool) => checkVotes(pool, setup, run.acked));
    expect(check.missing).toEqual([]);
    expect(check.doubled).toBe(0);
    expect(check.wrongTallies).toEqual([]);
    // The restarted site still refuses a second vote for an acknowledged position.
    expect(await castBallot(again.port, setup, run.acked[0]!)).toBe(409);
    await again.stop();
  });

  it('the background jobs run in one process: each queued mail is sent once; when that process is killed, another takes them over', async () => {
    const smtp = await startSmtpSink();
    try {
      const dataDir = newDataDir();
      const server = await start(dataDir, { SMTP_URL: smtp.url, MAIL_PER_MINUTE: '10000' });
      const holders = () =>
        withPool(dataDir, async (pool) => {
          // Who holds the jobs lock, and who only tries: by the application name of their connections.
          const { rows } = await pool.query<{ name: string; holds: boolean }>(
            `select a.application_name as name, exists (select 1 from pg_locks l where l.pid = a.pid and l.locktype = 'advisory' and l.granted) as holds
             from pg_stat_activity a where a.application_name like $1`,
            [`${JOBS_CONNECTION_NAME} %`],
          );
          return { holding: rows.filter((r) => r.holds).map((r) => Number(r.name.split(' ')[1])), trying: rows.filter((r) => !r.holds).length };
        });
      const first = await until('one holder and one process trying', holders, (h) => h.holding.length === 1 && h.trying === 1);
      const leader = first.holding[0]!;
      expect(workerPids(server.child.pid!)).toContain(leader);

      const queue = (tag: string, n: number) =>
        withPool(dataDir, (pool) => pool.query(`insert into mail_outbox (to_address, subject, text_body) select 'm' || i || '@example.com', $1 || ' ' || i, 'hello' from generate_series(1, $2::int) i`, [tag, n]));
      await queue('First batch', 40);
      await until('40 mails', () => smtp.received.length, (n) => n >= 40);

      process.kill(leader, 'SIGKILL');
      const second = await until('another holder', holders, (h) => h.holding.length === 1 && h.holding[0] !== leader && h.trying === 1);
      expect(second.holding[0]).not.toBe(leader);
      await queue('Second batch', 40);
      await until('80 mails', () => smtp.received.length, (n) => n >= 80);
      await new Promise((r) => setTimeout(r, 1500)); // time for a double to arrive, if one would
      const subjects = smtp.received.map((m) => m.subject);
      expect(subjects).toHaveLength(80);
      expect(new Set(subjects).size).toBe(80);
      await server.stop();
    } finally {
      await smtp.close();
    }
  });
});
