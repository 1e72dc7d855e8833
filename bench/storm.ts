// `npm run bench -- storm`: the election-opening storm. Every member of the electorate signs in
// with a password within the first minute, loads the elections and voting pages and casts ten
// votes; measured with WORKERS=1 and WORKERS=<every core> in the same run, against this machine's
// own limits measured in the same run (argon2id on every core, pgbench's trivial write).
// Decisions 044 (the members' visit and their arrivals), 045 (the limits it is read against).
//
//   npm run bench -- storm                    2,000 members arriving over 60 s
//   npm run bench -- storm --members=10000    (or --10k) the whole electorate of a big association
//   npm run bench -- storm --arrival=10 --members=200    a quick trial
// Environment as for the other scenarios: BENCH_SECONDS (the after-storm loads), BENCH_SKIP_BUILD,
// BENCH_NO_WRITE, BENCH_NICE, BENCH_WAIT_QUIET, DATABASE_URL (also on that server).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { POSITIONS } from '@aesa/shared/constants';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded.ts';
import type { Argon2LimitJob, Argon2LimitResult } from './children/argon2-limit.ts';
import type { LoadResult } from './children/http-load.ts';
import type { StormJob, StormResult } from './children/storm-members.ts';
import { cpuMeter, setCpuRoles, type CpuShare } from './lib/cpu.ts';
import { runLoad } from './lib/load.ts';
import { appProcesses, postmasterPid } from './lib/memory.ts';
import { pgbenchTrivialWrite, PGBENCH, type PgbenchResult } from './lib/pgbench.ts';
import { nodeTs, onCleanup, start, stop } from './lib/proc.ts';
import { BENCH_PASSWORD, KIND, seedElections, seedMembers, uid } from './lib/seed.ts';
import { ROOT, startApp, stopApp, WORK, type AppServer } from './lib/server.ts';
import { DIRECTORY_MIX } from './scenarios/directory.ts';

export interface StormOptions {
  members: number;
  arrivalSeconds: number;
  /** Seconds of each after-storm throughput load (BENCH_SECONDS). */
  seconds: number;
  warmup: number;
  /** The WORKERS values to compare, in order: 1 and every core. */
  workers: number[];
  log(message: string): void;
  createScratchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }>;
}

/** One WORKERS value's run. */
export interface StormRun {
  workers: number;
  /** Node processes of the app seen during the storm (1 = WORKERS not in effect). */
  appProcesses: number;
  storm: StormResult;
  capacity: StormResult;
  capacityConcurrency: number;
  /** CPU during the sign-in capacity loop: where a sign-in's CPU goes. */
  capacityCpu: CpuShare;
  /** CPU during the storm: the app (all its processes), PostgreSQL, the rest of the machine. */
  cpu: CpuShare;
  tally: StormTally;
  after: { results: LoadResult; directory: LoadResult };
  startMs: number;
}

export interface StormTarget {
  target: 'embedded' | 'external';
  members: number;
  arrivalSeconds: number;
  argon2: Argon2LimitResult | null;
  pgbench: PgbenchResult | null;
  runs: StormRun[];
  rows: StormRow[];
  error?: string;
}

/** A row of the storm's table: one figure for each WORKERS value, their ratio, the same-run baseline. */
export interface StormRow {
  id: string;
  label: string;
  unit: string;
  values: (number | null)[];
  /** Last value / first value (every core against one process). */
  ratio?: number | null;
  baseline?: { label: string; value: number | null; unit: string };
  target?: { text: string; met: (boolean | null)[] };
  note?: string;
}

/** The election of each WORKERS run (the same members vote once in each). */
const STORM_ELECTION_BASE = 901;
/** Members the directory holds in every scenario (the directory figures stay comparable). */
const DIRECTORY_MEMBERS = 10_000;
/** Seconds after the arrival window when members still on their way stop (an overloaded machine). */
const STORM_GRACE_SECONDS = 240;
/** Paced reads during the storm: one results read and one directory page each, this many times a second. */
const WATCH_PER_SECOND = 20;

export async function runStormTarget(target: 'embedded' | 'external', o: StormOptions, externalUrl?: string): Promise<StormTarget> {
  const out: StormTarget = { target, members: o.members, arrivalSeconds: o.arrivalSeconds, argon2: null, pgbench: null, runs: [], rows: [] };
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (target === 'embedded') {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-storm-'));
    fs.chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user and must get through
    const dir = dataDir;
    onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  } else {
    const created = await o.createScratchDatabase(externalUrl!);
    databaseUrl = created.url;
    drop = created.drop;
  }
  const logFile = path.join(WORK, `server-storm-${target}.log`);
  fs.rmSync(logFile, { force: true });
  let app: AppServer | null = null;
  let pool: pg.Pool | null = null;
  try {
    let seeded = false;
    for (const [k, workers] of o.workers.entries()) {
      app = await startApp({ dataDir, databaseUrl, logFile, workers });
      o.log(`app healthy with WORKERS=${workers} in ${(app.startMs / 1000).toFixed(2)} s`);
      // The embedded PostgreSQL comes back on another port with each start of the app.
      const dbUrl = databaseUrl ?? runningEmbeddedUrl(dataDir!);
      if (!dbUrl) throw new Error('could not read the embedded PostgreSQL URL from the data directory');
      pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
      if (!seeded) {
        o.log(`seeding ${Math.max(o.members, DIRECTORY_MEMBERS)} members (one shared argon2id hash) and ${o.workers.length} elections`);
        await seedMembers(pool, Math.max(o.members, DIRECTORY_MEMBERS));
        await seedElections(pool, o.workers.map((_, i) => STORM_ELECTION_BASE + i));
        seeded = true;
        out.argon2 = await argon2Limit(pool);
        o.log(`argon2id limit: ${out.argon2.perSecond} verifications/s on ${out.argon2.threads} threads (${out.argon2.msEach} ms each)`);
        if (fs.existsSync(PGBENCH)) {
          out.pgbench = await pgbenchTrivialWrite({ url: dbUrl, clients: 10, threads: 2, seconds: o.seconds });
          o.log(`pgbench trivial write, 10 clients: ${out.pgbench.tps} tps, p99 ${out.pgbench.latencyMs.p99} ms`);
        }
      }
      out.runs.push(await stormRun(app, pool, o, workers, STORM_ELECTION_BASE + k));
      await pool.end();
      pool = null;
      await stopApp(app);
      app = null;
    }
    out.rows = stormRows(out);
  } catch (err) {
    out.error = err instanceof Error ? err.message : String(err);
    o.log(`storm on ${target} failed: ${out.error}`);
    out.rows = stormRows(out);
  } finally {
    setCpuRoles(undefined);
    await pool?.end().catch(() => {});
    if (app) await stopApp(app);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await drop?.();
  }
  return out;
}

async function stormRun(app: AppServer, pool: pg.Pool, o: StormOptions, workers: number, electionNo: number): Promise<StormRun> {
  const roles = () => ({ appPid: app.appPid, postmasterPid: app.dataDir ? postmasterPid(app.dataDir) : null });
  setCpuRoles(roles);
  const electionId = uid(KIND.election, electionNo);
  const { rows: candidates } = await pool.query<{ id: string; position: string }>('select id, position from candidates where election_id = $1 order by id', [electionId]);
  const byPosition = POSITIONS.map((p) => candidates.filter((c) => c.position === p).map((c) => c.id));
  const { rows: members } = await pool.query<{ matric_number: string }>(`select matric_number from users where email like 'member%@bench.aesa.test' order by id limit $1`, [o.members]);
  const matrics = members.map((m) => m.matric_number);
  const resultsPath = `/api/voting/elections/${electionId}/results`;
  const base: Omit<StormJob, 'mode'> = {
    origin: app.origin,
    password: BENCH_PASSWORD,
    matrics,
    electionId,
    positions: [...POSITIONS],
    candidates: byPosition,
    arrivalSeconds: o.arrivalSeconds,
    seed: 20_261_124,
    visitorBase: electionNo * 1000,
    // As the login page: it waits what Retry-After says, up to 300 s (MAX_BUSY_WAIT_SECONDS).
    retryAfterCapSec: 300,
  };

  o.log(`-- storm, WORKERS=${workers}: ${o.members} members arriving over ${o.arrivalSeconds} s`);
  const meter = cpuMeter(roles);
  let processes = 0;
  const counter = setInterval(() => {
    if (app.appPid) processes = Math.max(processes, appProcesses(app.appPid).length);
  }, 1000);
  // Members still on their way STORM_GRACE_SECONDS after the window are counted unfinished.
  const deadlineSec = o.arrivalSeconds + STORM_GRACE_SECONDS;
  const storm = await runChild<StormJob, StormResult>('storm-members', { ...base, mode: 'storm', deadlineSec, watch: { resultsPath, directoryPaths: DIRECTORY_MIX, perSecond: WATCH_PER_SECOND } }, (deadlineSec + 120) * 1000);
  clearInterval(counter);
  const cpu = meter.end();
  const tally = await stormTally(pool, electionId);
  o.log(
    `   ${storm.completed}/${storm.members} members done in ${storm.completionSec} s (${storm.unfinished} unfinished at the deadline); sign-in p99 ${storm.steps['sign-in'].p99} ms, vote p99 ${storm.steps.vote.p99} ms; ` +
      `${storm.busy503} busy 503s, ${storm.errors} errors; ${storm.votesAcknowledged} votes acknowledged, ${tally.tallySum} counted; ` +
      `app ${cpu.appCores} cores (${processes} processes), PostgreSQL ${cpu.postgresCores}, load generator ${storm.cpu.cores}, others ${cpu.othersPct}%`,
  );

  // Sign-in capacity: sign-ins that never stop coming, a few per core in flight (members of the
  // directory beyond the storm's, so no one signs in twice at once).
  const capacityConcurrency = 4 * os.availableParallelism();
  const pool2 = await pool.query<{ matric_number: string }>(`select matric_number from users where email like 'member%@bench.aesa.test' order by id desc limit 2000`);
  const capacityMeter = cpuMeter(roles);
  const capacity = await runChild<StormJob, StormResult>(
    'storm-members',
    { ...base, mode: 'sign-in capacity', matrics: pool2.rows.map((r) => r.matric_number), concurrency: capacityConcurrency, durationSec: o.seconds, visitorBase: electionNo * 1000 + 50_000 },
    (o.seconds + 120) * 1000,
  );
  const capacityCpu = capacityMeter.end();
  o.log(
    `   sign-in capacity (${capacityConcurrency} in flight): ${capacity.signInsPerSec} sign-ins/s, p99 ${capacity.steps['sign-in attempt'].p99} ms, ${capacity.busy503} busy 503s, ${capacity.errors} errors; ` +
      `app ${capacityCpu.appCores} cores (hashing ${capacityCpu.hashingCores}), PostgreSQL ${capacityCpu.postgresCores}, load generator ${capacity.cpu.cores}, others ${capacityCpu.othersPct}%`,
  );

  // After the storm: the results read and the directory at full speed, as their own scenarios run them.
  const results = await runLoad({ label: `results after storm (WORKERS=${workers})`, mode: 'get', visitors: true, origin: app.origin, paths: [resultsPath], connections: 50, durationSec: o.seconds, warmupSec: o.warmup });
  const directory = await runLoad({ label: `directory after storm (WORKERS=${workers})`, mode: 'get', visitors: true, origin: app.origin, paths: DIRECTORY_MIX, connections: 50, durationSec: o.seconds, warmupSec: o.warmup });
  return { workers, appProcesses: processes, storm, capacity, capacityConcurrency, capacityCpu, cpu, tally, after: { results, directory }, startMs: Math.round(app.startMs) };
}

/** The machine's argon2id limit, with the server's own hash (its parameters in its PHC string). */
async function argon2Limit(pool: pg.Pool): Promise<Argon2LimitResult> {
  const { rows } = await pool.query<{ password_hash: string }>(`select password_hash from users where email = 'member1@bench.aesa.test'`);
  return runChild<Argon2LimitJob, Argon2LimitResult>('argon2-limit', { phc: rows[0]!.password_hash, password: BENCH_PASSWORD, seconds: 8 }, 60_000);
}

export interface StormTally {
  /** Where the votes are counted: the votes table, or ballots and participations (whichever this build has). */
  source: string;
  votes: number;
  tallySum: number;
  mismatchedCandidates: number;
  participations: number | null;
}

/**
 * After the storm, from the database: every candidate's vote_count against the votes recorded
 * for it (the `votes` table, or `ballots` where a build keeps ballots apart from voters), and the
 * participation rows where there are any.
 */
async function stormTally(pool: pg.Pool, electionId: string): Promise<StormTally> {
  const { rows: tables } = await pool.query<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name in ('votes', 'ballots', 'election_participations')`);
  const has = new Set(tables.map((t) => t.name));
  const source = has.has('ballots') ? 'ballots' : 'votes';
  const { rows } = await pool.query<{ votes: number; tally: number; mismatched: number }>(
    `select coalesce(sum(n), 0)::int as votes, coalesce(sum(vote_count), 0)::int as tally, count(*) filter (where n <> vote_count)::int as mismatched
     from (select c.vote_count, (select count(*) from ${source} v where v.candidate_id = c.id) as n from candidates c where c.election_id = $1) t`,
    [electionId],
  );
  const participations = has.has('election_participations') ? (await pool.query<{ n: number }>('select count(*)::int as n from election_participations where election_id = $1', [electionId])).rows[0]!.n : null;
  const r = rows[0]!;
  return { source, votes: r.votes, tallySum: r.tally, mismatchedCandidates: r.mismatched, participations };
}

let seq = 0;
/** Runs a bench child on a job file; its JSON result. Bounded in time. */
async function runChild<J, R>(name: 'storm-members' | 'argon2-limit', job: J, limitMs: number): Promise<R> {
  const id = `${name}-${++seq}`;
  const jobFile = path.join(WORK, `${id}.json`);
  const outFile = path.join(WORK, `${id}.out.json`);
  fs.writeFileSync(jobFile, JSON.stringify(job));
  fs.rmSync(outFile, { force: true });
  const [cmd, args] = nodeTs(path.join(ROOT, `bench/children/${name}.ts`), [jobFile, outFile]);
  const proc = start(cmd, args, { name, cwd: ROOT });
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([proc.exited, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), limitMs)))]);
  clearTimeout(timer);
  if (code === 'timeout') {
    await stop(proc, 'SIGKILL', 1000);
    throw new Error(`${name} did not finish within ${limitMs} ms`);
  }
  if (code !== 0 || !fs.existsSync(outFile)) throw new Error(`${name} failed (exit ${code}):\n${proc.output()}`);
  const result = JSON.parse(fs.readFileSync(outFile, 'utf8')) as R;
  fs.rmSync(jobFile, { force: true });
  fs.rmSync(outFile, { force: true });
  return result;
}

const ratioOf = (a: number | null | undefined, b: number | null | undefined) => (a != null && b != null && b !== 0 ? Math.round((a / b) * 1000) / 1000 : null);

/** The table's rows, from the runs (in WORKERS order: the first is WORKERS=1). */
export function stormRows(t: StormTarget): StormRow[] {
  const runs = t.runs;
  const each = (f: (r: StormRun) => number | null | undefined) => runs.map((r) => f(r) ?? null);
  const row = (r: Omit<StormRow, 'values' | 'ratio'> & { of: (run: StormRun) => number | null | undefined; ratio?: boolean }): StormRow => {
    const values = each(r.of);
    const { of: _of, ratio, ...rest } = r;
    return { ...rest, values, ratio: ratio ? ratioOf(values.at(-1), values[0]) : undefined };
  };
  const limit = t.argon2?.perSecond ?? null;
  const pgP99 = t.pgbench?.latencyMs.p99 ?? null;
  const step = (name: keyof StormResult['steps'], label: string) => [
    row({ id: `storm.${name}.p50`, label: `${label} p50`, unit: 'ms', of: (r) => r.storm.steps[name].p50 }),
    row({ id: `storm.${name}.p99`, label: `${label} p99`, unit: 'ms', of: (r) => r.storm.steps[name].p99 }),
  ];
  const rows: StormRow[] = [
    row({ id: 'storm.processes', label: 'Node processes of the app during the storm (1 = one process; with WORKERS>1 in effect: a primary and WORKERS server processes)', unit: 'processes', of: (r) => r.appProcesses }),
    row({
      id: 'storm.completed',
      label: `Members who signed in, loaded both pages and cast all ten votes (of ${t.members})`,
      unit: 'members',
      of: (r) => r.storm.completed,
      target: { text: `${t.members}`, met: runs.map((r) => r.storm.completed === t.members) },
      note: runs.some((r) => r.storm.unfinished > 0) ? runs.map((r) => `WORKERS=${r.workers}: ${r.storm.unfinished} still on their way ${STORM_GRACE_SECONDS} s after the window (stopped there)`).join('; ') : undefined,
    }),
    row({ id: 'storm.completion', label: `Completion: first arrival to the last member's last vote (arrivals over ${t.arrivalSeconds} s)`, unit: 's', of: (r) => r.storm.completionSec, ratio: true }),
    row({ id: 'storm.signins.offered', label: 'Sign-ins offered per second (arrival rate)', unit: '/s', of: (r) => r.storm.offeredSignInsPerSec }),
    row({ id: 'storm.signins.busiest', label: 'Sign-ins completed per second during the storm, busiest 5 s', unit: '/s', of: (r) => r.storm.signInsPerSecBusiest5s, baseline: { label: 'argon2id limit, all cores', value: limit, unit: '/s' } }),
    row({
      id: 'storm.signins.capacity',
      label: 'Sign-in capacity: sign-ins per second with sign-ins always waiting (closed loop)',
      unit: '/s',
      of: (r) => r.capacity.signInsPerSec,
      ratio: true,
      baseline: { label: 'argon2id limit, all cores', value: limit, unit: '/s' },
      target: { text: '>= 80% of the argon2id limit', met: runs.map((r) => (limit ? r.capacity.signInsPerSec >= 0.8 * limit : null)) },
      note: runs.length ? `${runs[0]!.capacityConcurrency} sign-ins in flight; ratio to the limit: ${runs.map((r) => `WORKERS=${r.workers} ${ratioOf(r.capacity.signInsPerSec, limit) ?? '-'}`).join(', ')}` : undefined,
    }),
    row({ id: 'storm.capacity.p99', label: 'Sign-in capacity: p99 of one sign-in', unit: 'ms', of: (r) => r.capacity.steps['sign-in attempt'].p99 }),
    ...signInCpuRows(row, limit),
    ...step('sign-in', 'Sign-in (incl. any wait after a busy 503)'),
    ...step('elections page', 'Elections page (config, me, active elections)'),
    ...step('voting page', 'Voting page (active elections, own votes)'),
    row({ id: 'storm.vote.p50', label: 'Vote p50', unit: 'ms', of: (r) => r.storm.steps.vote.p50 }),
    row({
      id: 'storm.vote.p99',
      label: 'Vote p99 while the storm runs',
      unit: 'ms',
      of: (r) => r.storm.steps.vote.p99,
      baseline: { label: 'pgbench trivial write p99, 10 clients', value: pgP99, unit: 'ms' },
      target: { text: '< 50 ms', met: runs.map((r) => (r.storm.steps.vote.p99 === null ? null : r.storm.steps.vote.p99 < 50)) },
    }),
    ...step('own votes re-read', 'Own votes re-read after each vote'),
    row({ id: 'storm.busy503', label: 'Busy answers (503 + Retry-After) of the sign-in pool, each retried', unit: 'answers', of: (r) => r.storm.busy503 + r.capacity.busy503, note: 'storm + capacity loop' }),
    row({
      id: 'storm.errors',
      label: 'Errors (any other non-2xx, network errors)',
      unit: 'errors',
      of: (r) => r.storm.errors + r.capacity.errors,
      target: { text: '0', met: runs.map((r) => r.storm.errors + r.capacity.errors === 0) },
      note: runs.flatMap((r) => Object.entries({ ...r.storm.errorKinds, ...r.capacity.errorKinds }).map(([k, n]) => `WORKERS=${r.workers} ${k}: ${n}`)).join('; ') || undefined,
    }),
    row({
      id: 'storm.tally',
      label: 'Tallies equal acknowledged votes (read from the database after)',
      unit: 'votes counted',
      of: (r) => r.tally.tallySum,
      target: { text: 'tallies = recorded votes = 2xx', met: runs.map((r) => r.tally.mismatchedCandidates === 0 && r.tally.votes === r.tally.tallySum && r.tally.tallySum === r.storm.votesAcknowledged) },
      note: runs.map((r) => `WORKERS=${r.workers}: ${r.storm.votesAcknowledged} acknowledged, ${r.tally.votes} in ${r.tally.source}, ${r.tally.mismatchedCandidates} mismatched candidates`).join('; '),
    }),
    row({ id: 'storm.watch.results.p99', label: `Results read p99 during the storm (paced, ${WATCH_PER_SECOND}/s)`, unit: 'ms', of: (r) => r.storm.watch?.results.p99 }),
    row({ id: 'storm.watch.directory.p99', label: `Directory page p99 during the storm (paced, ${WATCH_PER_SECOND}/s)`, unit: 'ms', of: (r) => r.storm.watch?.directory.p99 }),
    row({
      id: 'storm.after.results',
      label: 'Results reads per second after the storm (50 connections)',
      unit: 'req/s',
      of: (r) => r.after.results.okPerSec,
      ratio: true,
      target: { text: 'every core >= 1.3x WORKERS=1', met: runs.map((r, i) => (i === 0 ? null : (ratioOf(r.after.results.okPerSec, runs[0]!.after.results.okPerSec) ?? 0) >= 1.3)) },
    }),
    row({
      id: 'storm.after.directory',
      label: 'Directory pages per second after the storm (50 connections, the mix)',
      unit: 'req/s',
      of: (r) => r.after.directory.okPerSec,
      ratio: true,
      target: { text: 'every core >= 1.3x WORKERS=1', met: runs.map((r, i) => (i === 0 ? null : (ratioOf(r.after.directory.okPerSec, runs[0]!.after.directory.okPerSec) ?? 0) >= 1.3)) },
    }),
    row({ id: 'storm.cpu.generator', label: 'Load generator CPU during the storm (its own process.cpuUsage)', unit: 'cores', of: (r) => r.storm.cpu.cores }),
    row({ id: 'storm.cpu.app', label: 'App CPU during the storm (every app process)', unit: 'cores', of: (r) => r.cpu.appCores }),
    row({ id: 'storm.cpu.postgres', label: 'PostgreSQL CPU during the storm (embedded only)', unit: 'cores', of: (r) => r.cpu.postgresCores }),
    row({ id: 'storm.cpu.others', label: 'Other processes on this machine during the storm', unit: '% of the CPU', of: (r) => r.cpu.othersPct }),
  ];
  return rows;
}

/**
 * Where a sign-in's CPU goes in the capacity loop (CPU milliseconds per sign-in, from each part's
 * cores over the loop), and the capacity the same app would have with the load generator on
 * another machine: the loop keeps every core busy, so the generator's cores would go to sign-ins
 * at the CPU each sign-in needs without it, up to the argon2id limit.
 */
function signInCpuRows(row: (r: Omit<StormRow, 'values' | 'ratio'> & { of: (run: StormRun) => number | null | undefined }) => StormRow, limit: number | null): StormRow[] {
  const perSignIn = (cores: number | undefined, r: StormRun) => (cores == null || !r.capacity.signInsPerSec ? null : Math.round((cores * 1000 * 100) / r.capacity.signInsPerSec) / 100);
  const appOther = (r: StormRun) => (r.capacityCpu.appCores == null || r.capacityCpu.hashingCores == null ? undefined : r.capacityCpu.appCores - r.capacityCpu.hashingCores);
  return [
    row({ id: 'storm.capacity.cpu.hashing', label: 'Sign-in capacity: CPU per sign-in in the password-hashing threads', unit: 'ms', of: (r) => perSignIn(r.capacityCpu.hashingCores, r) }),
    row({ id: 'storm.capacity.cpu.app', label: 'Sign-in capacity: CPU per sign-in in the app besides hashing (HTTP, session, limits)', unit: 'ms', of: (r) => perSignIn(appOther(r), r) }),
    row({ id: 'storm.capacity.cpu.postgres', label: 'Sign-in capacity: CPU per sign-in in PostgreSQL', unit: 'ms', of: (r) => perSignIn(r.capacityCpu.postgresCores, r) }),
    row({ id: 'storm.capacity.cpu.generator', label: 'Sign-in capacity: CPU per sign-in in the load generator (same machine)', unit: 'ms', of: (r) => perSignIn(r.capacity.cpu.cores, r) }),
    row({
      id: 'storm.capacity.elsewhere',
      label: 'Sign-in capacity with the load generator on another machine (estimate: its cores given to sign-ins at the CPU each needs without it)',
      unit: '/s',
      of: (r) => {
        const gen = r.capacity.cpu.cores;
        const used = (r.capacityCpu.appCores ?? 0) + (r.capacityCpu.postgresCores ?? 0);
        if (!r.capacity.signInsPerSec || used <= 0) return null;
        const estimate = (r.capacity.signInsPerSec * (used + gen)) / used;
        return Math.round(limit === null ? estimate : Math.min(limit, estimate));
      },
      baseline: { label: 'argon2id limit, all cores', value: limit, unit: '/s' },
    }),
  ];
}

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '-' : Number.isInteger(v) ? v.toLocaleString('en-US') : String(v));
const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The storm's markdown table (printed, and written into docs/BENCHMARKS.md between its markers). */
export function stormTable(t: StormTarget, provisional: string | null): string {
  const heads = t.runs.map((r) => `WORKERS=${r.workers}`);
  const lines: string[] = [];
  lines.push(`#### ${t.target === 'embedded' ? 'Embedded PostgreSQL' : 'External PostgreSQL (DATABASE_URL)'}: ${t.members.toLocaleString('en-US')} members over ${t.arrivalSeconds} s`, '');
  if (provisional) lines.push(`**Provisional:** ${provisional}`, '');
  if (t.error) lines.push(`**The run failed:** ${esc(t.error.split('\n')[0]!)}`, '');
  const a = t.argon2;
  if (a) lines.push(`argon2id limit of this machine (same run): **${fmt(a.perSecond)} verifications/s** on ${a.threads} threads, ${a.msEach} ms each (m=${a.parameters.memoryCostKiB} KiB, t=${a.parameters.timeCost}, p=${a.parameters.parallelism}, from the server's own hash).`);
  const p = t.pgbench;
  if (p) lines.push(`pgbench trivial write (one INSERT per transaction, 10 clients, same database, same run): ${fmt(p.tps)} tps, p50 ${fmt(p.latencyMs.p50)} ms, **p99 ${fmt(p.latencyMs.p99)} ms**.`);
  lines.push('');
  lines.push(`| Figure | ${heads.join(' | ')} | ${heads.length > 1 ? `${heads.at(-1)} / ${heads[0]}` : 'Ratio'} | Baseline (same run) | Target | |`);
  lines.push(`|---|${heads.map(() => '---|').join('')}---|---|---|---|`);
  for (const r of t.rows) {
    const met = r.target ? r.target.met.map((m, i) => (m === null ? '' : `${heads[i]}: ${m ? 'met' : '**missed**'}`)).filter(Boolean).join(', ') : '';
    const base = r.baseline ? `${fmt(r.baseline.value)} ${r.baseline.unit} (${r.baseline.label})` : '';
    lines.push(`| ${esc(r.label)}${r.note ? `<br><sub>${esc(r.note)}</sub>` : ''} | ${r.values.map((v) => `${fmt(v)} ${r.unit}`).join(' | ')} | ${r.ratio == null ? '' : `${r.ratio}x`} | ${esc(base)} | ${esc(r.target?.text ?? '')} | ${met} |`);
  }
  lines.push('');
  return lines.join('\n');
}
