import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/passwords.ts';
import { freshDataDir, spawnServer, type SpawnedServer } from './support/spawned-server.ts';
import { allBallots, castBallot, checkVotes, prepareElection, removeDataDir, withPool, type Ballot, type ElectionSetup } from './support/votes.ts';

// Votes while members sign in: password checks (argon2id, the server's heaviest work per request)
// must not hold up the vote path. The compiled server as deployed (its own WORKERS default,
// a process apart from this test, so the test's own work does not share its event loop) is
// given the same vote load in two conditions, quiet and while a flood of real sign-ins (the right
// password of real members, so every one runs a full argon2id verification) keeps FLOOD_IN_FLIGHT
// sign-ins in flight, in alternating rounds. The vote p99 under the flood must stay within 2x of
// the quiet p99.

const VOTERS = 420; // x 10 positions = 4,200 distinct (voter, position) pairs: every vote a real one
const WARM_VOTES = 100;
/** Votes measured in each condition, over ROUNDS alternating quiet and flooded rounds. */
const MEASURED_VOTES = 2000;
const ROUNDS = 8;
const VOTE_CONNECTIONS = 10;
const FLOOD_IN_FLIGHT = 12;
const FLOOD_MEMBERS = 24;
const PASSWORD = 'flood-password-2026';
/**
 * The absolute floor of the allowance: on this machine a quiet vote's p99 is a few milliseconds,
 * and 2x of 4 ms is within the noise of one garbage collection or one scheduler tick of a busy
 * shared machine (a few ms to ~15 ms). 20 ms is far below what a vote waiting behind password
 * checks costs (each argon2id verification takes tens of milliseconds of a core), so the floor
 * keeps the test from failing on noise without letting a vote queued behind hashing pass.
 */
const FLOOR_MS = 20;

let server: SpawnedServer | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await server?.stop();
  if (dataDir) removeDataDir(dataDir);
});

/** Casts `ballots` over `connections` parallel connections, each voting as soon as it has an answer; each vote's time. */
async function voteLoad(port: number, setup: ElectionSetup, ballots: Ballot[], connections: number) {
  const times: number[] = [];
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < ballots.length) {
        const ballot = ballots[next++]!;
        const started = performance.now();
        const status = await castBallot(port, setup, ballot);
        times.push(performance.now() - started);
        statuses.push(status);
      }
    }),
  );
  return { times, statuses };
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.99 * xs.length) - 1]!;
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.5 * xs.length) - 1]!;

describe('votes during a sign-in flood', () => {
  it(`keep their p99 within 2x of the quiet p99 (at least +${FLOOR_MS} ms), and every vote is acknowledged and counted`, async () => {
    dataDir = freshDataDir('aesa-vote-flood-');
    // Loopback is the proxy, so each sign-in of the flood comes from its own address (as members'
    // phones do): the per-address limits and the per-address share of the password pool apply to
    // each, not to all of them at once.
    server = await spawnServer({ DATA_DIR: dataDir, HOST: '127.0.0.1', SEED_DEMO: 'false', NODE_ENV: 'production', TRUST_PROXY: 'loopback', DATABASE_URL: undefined, WORKERS: undefined });
    const port = server.port;

    const passwordHash = await hashPassword(PASSWORD);
    const { setup, matrics } = await withPool(dataDir, async (pool) => {
      const setup = await prepareElection(pool, VOTERS);
      const { rows } = await pool.query<{ matric_number: string }>(
        `insert into users (name, email, matric_number, password_hash, email_verified_at)
         select 'Flood ' || i, 'flood' || i || '@d.test', 'FL' || i, $1, now() from generate_series(1, $2::int) i returning matric_number`,
        [passwordHash, FLOOD_MEMBERS],
      );
      return { setup, matrics: rows.map((r) => r.matric_number) };
    });

    // One sign-in works (and warms the path) before the flood relies on it.
    const signIn = async (i: number) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({ matric_number: matrics[i % matrics.length], password: PASSWORD }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = await res.text();
      return { status: res.status, body };
    };
    const first = await signIn(0);
    expect(first.status, first.body).toBe(200);

    // Interleaved voters and positions; each slice is votes nobody has cast yet.
    const ballots = allBallots(setup);
    let cursor = 0;
    const take = (n: number) => ballots.slice(cursor, (cursor += n));
    const warm = take(WARM_VOTES);
    const warmed = await voteLoad(port, setup, warm, VOTE_CONNECTIONS);

    // Quiet and flooded rounds alternate, so that a burst of other work on this shared machine
    // falls on both conditions alike rather than on one of them.
    const quiet = { times: [] as number[], statuses: [] as number[] };
    const during = { times: [] as number[], statuses: [] as number[] };
    const floodStatuses: number[] = [];
    let signInsDuring = 0;
    let n = 1;
    for (let round = 0; round < ROUNDS; round++) {
      const q = await voteLoad(port, setup, take(MEASURED_VOTES / ROUNDS), VOTE_CONNECTIONS);
      quiet.times.push(...q.times);
      quiet.statuses.push(...q.statuses);

      // The flood: FLOOD_IN_FLIGHT sign-ins in flight for as long as the round's votes last.
      let flooding = true;
      const statuses: number[] = [];
      const flood = Promise.all(
        Array.from({ length: FLOOD_IN_FLIGHT }, async () => {
          while (flooding) statuses.push((await signIn(n++)).status);
        }),
      );
      // The flood is under way (a round of verifications done, the next ones running) before the votes start.
      const floodStarted = performance.now();
      while (statuses.length < FLOOD_IN_FLIGHT && performance.now() - floodStarted < 10_000) await new Promise((r) => setTimeout(r, 5));
      const before = statuses.length;
      const f = await voteLoad(port, setup, take(MEASURED_VOTES / ROUNDS), VOTE_CONNECTIONS);
      signInsDuring += statuses.length - before;
      flooding = false;
      await flood;
      during.times.push(...f.times);
      during.statuses.push(...f.statuses);
      floodStatuses.push(...statuses);
    }

    const quietP99 = p99(quiet.times);
    const floodP99 = p99(during.times);
    const allowed = Math.max(2 * quietP99, quietP99 + FLOOR_MS);
    const okSignIns = floodStatuses.filter((s) => s === 200).length;
    const figures =
      `quiet: p50 ${p50(quiet.times).toFixed(1)} ms, p99 ${quietP99.toFixed(1)} ms; during the flood: p50 ${p50(during.times).toFixed(1)} ms, p99 ${floodP99.toFixed(1)} ms ` +
      `(allowed ${allowed.toFixed(1)} ms); ${signInsDuring} sign-ins completed during the flooded vote load, ${okSignIns}/${floodStatuses.length} of the flood answered 200 ` +
      `(others: ${JSON.stringify(floodStatuses.filter((s) => s !== 200).reduce<Record<number, number>>((a, s) => ({ ...a, [s]: (a[s] ?? 0) + 1 }), {}))}); machine load average ${os.loadavg()[0]!.toFixed(2)} (a shared machine)`;
    console.log(`votes during a sign-in flood: ${figures}`);

    // Every vote acknowledged (a real vote, never a 409) and counted.
    for (const run of [warmed, quiet, during]) expect(run.statuses.filter((s) => s !== 200), figures).toEqual([]);
    const acked = ballots.slice(0, cursor);
    await withPool(dataDir, async (pool) => {
      const check = await checkVotes(pool, setup, acked);
      expect(check.missing, 'acknowledged votes missing').toEqual([]);
      expect(check.doubled, 'ballots without their participation, or the reverse').toBe(0);
      expect(check.wrongTallies, 'tallies').toEqual([]);
      expect(check.stored).toBe(acked.length);
    });

    // The flood was real: password checks ran throughout the flooded vote load.
    expect(signInsDuring, figures).toBeGreaterThanOrEqual(FLOOD_IN_FLIGHT);
    expect(okSignIns, figures).toBeGreaterThan(0);
    expect(floodP99, figures).toBeLessThanOrEqual(allowed);
  });
});
