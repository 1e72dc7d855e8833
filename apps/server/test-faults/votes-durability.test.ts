import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { POSITIONS } from '@aesa/shared/constants';
import { freePort } from '../src/db/embedded.ts';
import { serveArgs } from './support/serve-command.ts';
import { castBallot, checkVotes, prepareElection, removeDataDir, withPool, type Ballot, type ElectionSetup } from './support/votes.ts';

// The real server as a child process (embedded PostgreSQL in a temp DATA_DIR), killed with
// SIGKILL in the middle of a stream of votes and started again with the same command: every
// vote that was answered 2xx must be there, and every tally must equal its count of votes.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const VOTERS = 400;
const WORKERS = 24;
const KILL_AFTER_ACKS = 600;

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.pid) killGroup(c, 'SIGKILL');
  await new Promise((r) => setTimeout(r, 500));
  for (const d of dirs) removeDataDir(d);
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* already gone */
  }
}

async function startServer(dataDir: string, port: number) {
  // One server process: the kill rounds of several (WORKERS>1) are in workers.test.ts.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'test', WORKERS: '1' };
  delete env.DATABASE_URL; // the embedded PostgreSQL of DATA_DIR
  const child = spawn(process.execPath, serveArgs(), {
    cwd: ROOT,
    detached: true, // its own process group: the test can kill the app with its PostgreSQL
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const prepare = (pool: pg.Pool) => prepareElection(pool, VOTERS);

/** Every acknowledged vote stored with its ballot, nothing doubled, every tally equal to its ballots. */
async function expectIntact(pool: pg.Pool, setup: ElectionSetup, acked: Ballot[], label: string) {
  const check = await checkVotes(pool, setup, acked);
  expect(check.missing, `${label}: acknowledged votes lost`).toEqual([]);
  expect(check.doubled, `${label}: ballots without their participation, or the reverse`).toBe(0);
  expect(check.wrongTallies, `${label}: tallies`).toEqual([]);
  expect(check.stored, label).toBeGreaterThanOrEqual(acked.length);
}

async function durabilityRun(kill: (child: ChildProcess) => void) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-durability-'));
  fs.chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user when we are root
  dirs.push(dataDir);
  const port = await freePort();
  const first = await startServer(dataDir, port);
  const setup = await withPool(dataDir, prepare);

  // Every voter votes every position, in an order that interleaves voters and positions.
  const queue: Ballot[] = [];
  for (const position of POSITIONS) {
    const options = setup.candidates.filter((c) => c.position === position);
    for (let voter = 0; voter < VOTERS; voter++) queue.push({ voter, position, candidateId: options[(voter + position.length) % 3]!.id });
  }
  const acked: Ballot[] = [];
  let killed = false;
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const ballot = queue[next++]!;
      try {
        const status = await castBallot(port, setup, ballot);
        if (status === 200) acked.push(ballot);
        else if (!killed) throw new Error(`vote refused before the kill: ${status}`);
      } catch (err) {
        if (!killed) throw err;
        return; // the server is gone: this worker stops
      }
      if (!killed && acked.length >= KILL_AFTER_ACKS) {
        killed = true;
        kill(first);
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  expect(killed).toBe(true);
  await new Promise<void>((resolve) => (first.exitCode !== null || first.signalCode !== null ? resolve() : first.once('exit', () => resolve())));

  // The same command, the same data directory.
  const second = await startServer(dataDir, port);
  try {
    await withPool(dataDir, (pool) => expectIntact(pool, setup, acked, 'after the kill'));
    // The restarted server still refuses a second vote for a position that was acknowledged.
    const again = acked[0]!;
    const res = await fetch(`http://127.0.0.1:${port}/api/voting/elections/${setup.electionId}/vote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${setup.voters[again.voter]!.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ candidate_id: again.candidateId, position: again.position }),
    });
    expect(res.status).toBe(409);
  } finally {
    killGroup(second, 'SIGTERM');
    await new Promise<void>((resolve) => (second.exitCode !== null ? resolve() : second.once('exit', () => resolve())));
  }
  return acked.length;
}

describe('votes survive a crash', () => {
  it('SIGKILL of the app mid-stream: every acknowledged vote is stored and tallies equal the votes', async () => {
    const acked = await durabilityRun((child) => child.kill('SIGKILL'));
    expect(acked).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
  });

  it('SIGKILL of the app AND its PostgreSQL (the whole process group): the same after crash recovery', async () => {
    const acked = await durabilityRun((child) => killGroup(child, 'SIGKILL'));
    expect(acked).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
  });
});

describe('kill -9 under load, again and again', () => {
  it('20 rounds: kill at a random moment, restart with the same command, nothing lost, nothing doubled, a second app refused', async () => {
    const ROUNDS = 20;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-rounds-'));
    fs.chmodSync(dataDir, 0o755);
    dirs.push(dataDir);
    const port = await freePort();
    let server = await startServer(dataDir, port);
    const setup = await withPool(dataDir, prepare);
    const queue: Ballot[] = [];
    for (let voter = 0; voter < VOTERS; voter++) {
      for (const position of POSITIONS) {
        const options = setup.candidates.filter((c) => c.position === position);
        queue.push({ voter, position, candidateId: options[(voter * 7 + position.length) % 3]!.id });
      }
    }
    const acked: Ballot[] = [];
    let next = 0;

    for (let round = 0; round < ROUNDS; round++) {
      if (round === 0) {
        // One app per data directory: a second start is refused with a clear message and harms nothing.
        const otherEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), SEED_DEMO: 'false' };
        delete otherEnv.DATABASE_URL; // the embedded PostgreSQL of DATA_DIR
        const other = spawn(process.execPath, serveArgs(), {
          cwd: ROOT,
          env: otherEnv,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let text = '';
        other.stderr!.on('data', (d) => (text += d));
        const code = await new Promise<number | null>((resolve) => other.once('exit', resolve));
        expect(code).toBe(1);
        expect(text).toContain('is already using the data directory');
      }
      const killAt = acked.length + 10 + Math.floor(Math.random() * 60);
      let killed = false;
      const current = server;
      const worker = async () => {
        while (!killed && next < queue.length) {
          const ballot = queue[next++]!;
          try {
            if ((await castBallot(port, setup, ballot)) === 200) acked.push(ballot);
          } catch {
            return; // the server is gone
          }
          if (!killed && acked.length >= killAt) {
            killed = true;
            // Alternate: the app alone (its PostgreSQL survives as an orphan), or the app with its PostgreSQL.
            if (round % 2 === 0) current.kill('SIGKILL');
            else killGroup(current, 'SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      await new Promise<void>((resolve) => (current.exitCode !== null || current.signalCode !== null ? resolve() : current.once('exit', () => resolve())));

      server = await startServer(dataDir, port);
      await withPool(dataDir, (pool) => expectIntact(pool, setup, acked, `round ${round}`));
    }
    killGroup(server, 'SIGTERM');
    await new Promise<void>((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', () => resolve())));
    expect(acked.length).toBeGreaterThanOrEqual(ROUNDS * 10);
  }, 1_200_000);
});
