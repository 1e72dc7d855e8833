// `npm run bench`: builds the app, starts it with its own start command on a fresh embedded
// PostgreSQL (and on DATABASE_URL when set), seeds it, loads it from separate processes on
// 127.0.0.1, and writes bench/results.json and the table in docs/BENCHMARKS.md.
//
// Environment (all optional):
//   BENCH_SECONDS=10     seconds of each measured load (pgbench -T too)
//   BENCH_WARMUP=2       seconds of warm-up before each measured read load
//   BENCH_ONLY=vote,live only these scenarios (baselines, vote, results, live, directory, exports, pages, import)
//   BENCH_SKIP_BUILD=1   use the existing apps/web/dist
//   BENCH_CPU_PROF=1     run the server's serve command with node --cpu-prof (profiles in bench/.work/prof)
//   BENCH_NO_WRITE=1     do not write results.json / BENCHMARKS.md (a trial run)
//   BENCH_KEEP_LIGHTHOUSE=1 keep each Lighthouse report (bench/.work/lighthouse-*.json)
//   BENCH_WAIT_QUIET=120 first wait up to this many seconds for other processes to calm down
//   BENCH_NICE=-10       run everything at this priority (negative needs root): a shared machine
//   BENCH_WORKERS=all    the WORKERS the started app gets (a number or `all`: every core); unset: the app's default
//   DATABASE_URL=...     also run against this PostgreSQL server (in a new database it creates and drops)
//
// Arguments (after `npm run bench --`): scenario names instead of BENCH_ONLY (`npm run bench -- vote
// results`), `--workers=all` instead of BENCH_WORKERS. `storm` runs the election-opening storm alone
// (bench/storm.ts), with `--members=N` (default 2,000; `--10k` for 10,000) and `--arrival=S` (default 60).
// `soak` runs an hour of mixed load alone (bench/soak.ts), `--minutes=10` for a shorter one;
// its app gets WORKERS=every core unless `--workers=` says otherwise.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded.ts';
import { atMost, figure, NotAvailable, type Baselines, type Context, type Figure, type Scenario, type ScenarioResult } from './lib/context.ts';
import { cpuMeter, setCpuRoles } from './lib/cpu.ts';
import { postmasterPid, snapshot, type MemorySnapshot } from './lib/memory.ts';
import { installExitHandlers, killEverythingSync, onCleanup, runningCount, setPriority, sleep } from './lib/proc.ts';
import { printSummary, soakMarkdown, stormMarkdown, writeReport, writeSoakReport, writeStormReport, type BenchReport, type SoakReport, type StormReport, type TargetReport } from './lib/report.ts';
import { seedElections, seedMembers } from './lib/seed.ts';
import { benchWorkers, build, ROOT, startApp, stopApp, WORK, type AppServer, type StartPhases } from './lib/server.ts';
import { baselines, PGBENCH_ELECTIONS } from './scenarios/baselines.ts';
import { classListImport } from './scenarios/class-list-import.ts';
import { directory } from './scenarios/directory.ts';
import { exportsScenario } from './scenarios/exports.ts';
import { live } from './scenarios/live.ts';
import { pages } from './scenarios/pages.ts';
import { results } from './scenarios/results.ts';
import { vote, VOTE_ELECTIONS } from './scenarios/vote.ts';
import { runSoak, soakTimes } from './soak.ts';
import { runStormTarget, type StormTarget } from './storm.ts';

const ARGS = parseArgs(process.argv.slice(2));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ONLY_NAMES = [...(process.env.BENCH_ONLY ?? '').split(','), ...ARGS.names].map((s) => s.trim()).filter(Boolean);
const ONLY = ONLY_NAMES.length ? new Set(ONLY_NAMES) : null;
const STORM = ONLY?.has('storm') ?? false;
const SOAK = ONLY?.has('soak') ?? false;
const SOAK_MINUTES = Number(ARGS.flags.minutes ?? 60);
if (!(SOAK_MINUTES >= 1)) throw new Error(`--minutes must be a number of at least 1 (got ${ARGS.flags.minutes})`);
/** WORKERS of the app the scenarios start (the storm compares 1 with every core itself). */
const WORKERS = benchWorkers(ARGS.flags.workers ?? process.env.BENCH_WORKERS);
const STORM_MEMBERS = Number(ARGS.flags.members ?? (ARGS.flags['10k'] !== undefined ? 10_000 : (process.env.BENCH_STORM_MEMBERS ?? 2_000)));
const STORM_ARRIVAL = Number(ARGS.flags.arrival ?? process.env.BENCH_STORM_ARRIVAL ?? 60);
const STORM_WORKERS = [...new Set([1, os.availableParallelism()])];
const MEMBERS = 10_000;
const TARGETS = process.env.DATABASE_URL ? 2 : 1;
/** The whole run is bounded: past this, everything is stopped and the run fails. */
const TIME_LIMIT_MS = SOAK
  ? // build, start and seed, the baseline wait, the load, the grace and the drain, the stop; and a margin
    (5 * 60 + 3 * 60 + soakTimes(SOAK_MINUTES).graceSec + SOAK_MINUTES * 60 + soakTimes(SOAK_MINUTES).graceSec + soakTimes(SOAK_MINUTES).drainSec + 60 + 5 * 60) * 1000 + Number(process.env.BENCH_WAIT_QUIET ?? 0) * 1000
  : (STORM ? 3 * 60_000 + TARGETS * (60_000 + STORM_WORKERS.length * (STORM_ARRIVAL + 240 + 4 * SECONDS + 150) * 1000) : 9.5 * 60_000) + Number(process.env.BENCH_WAIT_QUIET ?? 0) * 1000;

const SCENARIOS: Scenario[] = [baselines, vote, results, live, directory, exportsScenario, pages, classListImport];
let webBuilt = false;
const shared: Baselines = {};

const log = (m: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}`);

async function main() {
  installExitHandlers();
  const watchdog = setTimeout(() => {
    console.error(`bench: over the ${TIME_LIMIT_MS / 60_000} minute limit, stopping everything`);
    killEverythingSync();
    process.exit(1);
  }, TIME_LIMIT_MS);
  watchdog.unref();
  fs.mkdirSync(WORK, { recursive: true });
  const t0 = performance.now();
  const report: BenchReport = {
    meta: {
      date: new Date().toISOString(),
      commit: git(['rev-parse', '--short', 'HEAD']),
      branch: git(['rev-parse', '--abbrev-ref', 'HEAD']),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '?', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.type()} ${os.release()}` },
      seconds: SECONDS,
      warmup: WARMUP,
      only: ONLY ? [...ONLY] : null,
      nice: process.env.BENCH_NICE ? Number(process.env.BENCH_NICE) : 0,
      workers: WORKERS ?? null,
    },
    build: { ok: false, ms: 0 },
    targets: [],
  };

  if (process.env.BENCH_NICE) {
    // On a shared machine: run the harness and everything it starts at this scheduling
    // priority, so other people's work takes less of the measured CPU (proc.ts setPriority).
    setPriority(Number(process.env.BENCH_NICE));
    log(`running at nice ${os.getPriority(0)}`);
  }
  const quietWait = Number(process.env.BENCH_WAIT_QUIET ?? 0);
  if (quietWait > 0) await waitForQuiet(quietWait);

  if (process.env.BENCH_SKIP_BUILD === '1') {
    report.build = { ok: fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html')), ms: 0, skipped: true };
  } else {
    log('npm run build');
    const b = await build(path.join(WORK, 'build.log'));
    report.build = { ok: b.ok, ms: Math.round(b.ms), error: b.ok ? undefined : b.output.slice(-800) };
    log(b.ok ? `built in ${(b.ms / 1000).toFixed(1)} s` : 'build failed: the page scenario will report it; server scenarios go on');
  }

  webBuilt = report.build.ok;
  if (SOAK) {
    const workers = WORKERS ?? os.availableParallelism();
    log(`soak: ${SOAK_MINUTES} minutes of mixed load, WORKERS=${workers}; the whole run is stopped after ${Math.round(TIME_LIMIT_MS / 60_000)} minutes`);
    const run = await runSoak({ minutes: SOAK_MINUTES, workers, log });
    const soak: SoakReport = { meta: { ...report.meta, workers, totalSeconds: Math.round((performance.now() - t0) / 1000) }, build: report.build, run };
    if (process.env.BENCH_NO_WRITE !== '1') writeSoakReport(soak);
    console.log(`\n${soakMarkdown(soak)}`);
    log(`done in ${soak.meta.totalSeconds} s${process.env.BENCH_NO_WRITE === '1' ? ' (nothing written: BENCH_NO_WRITE=1)' : '; wrote bench/results.json (soak) and docs/BENCHMARKS.md (soak table)'}`);
    clearTimeout(watchdog);
    killEverythingSync();
    process.exitCode = run.error ? 1 : 0;
    return;
  }
  if (STORM) {
    await runStorm(report, t0);
    clearTimeout(watchdog);
    killEverythingSync();
    return;
  }
  report.targets.push(await runTarget('embedded'));
  if (process.env.DATABASE_URL) report.targets.push(await runTarget('external', process.env.DATABASE_URL));

  report.meta.totalSeconds = Math.round((performance.now() - t0) / 1000);
  if (process.env.BENCH_NO_WRITE !== '1') writeReport(report);
  printSummary(report);
  clearTimeout(watchdog);
  const left = runningCount();
  if (left > 0) console.error(`bench: ${left} process(es) still running at the end; stopping them`);
  killEverythingSync();
  log(`done in ${report.meta.totalSeconds} s`);
}

async function runTarget(target: 'embedded' | 'external', externalUrl?: string): Promise<TargetReport> {
  log(`== ${target} PostgreSQL`);
  const tr: TargetReport = { target, scenarios: [], memory: {} };
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (target === 'embedded') {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-bench-'));
    // mkdtemp makes it 0700; PostgreSQL runs as its own unprivileged user and must get through.
    fs.chmodSync(dataDir, 0o755);
    const dir = dataDir;
    onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  } else {
    const created = await createScratchDatabase(externalUrl!);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const logFile = path.join(WORK, `server-${target}.log`);
  fs.rmSync(logFile, { force: true });
  const cpuProfDir = process.env.BENCH_CPU_PROF === '1' ? path.join(WORK, 'prof') : undefined;
  let app: AppServer | null = null;
  let pool: pg.Pool | null = null;
  try {
    // Start: first on a fresh data directory (initdb + migrations), then again on it (a restart).
    const started = performance.now();
    const startMeter = cpuMeter();
    app = await startApp({ dataDir, databaseUrl, logFile, cpuProfDir, workers: WORKERS });
    const cold = app.startMs;
    const coldPhases = app.phases;
    log(`first start healthy in ${(cold / 1000).toFixed(2)} s`);
    const stopped = await stopApp(app);
    app = null;
    app = await startApp({ dataDir, databaseUrl, logFile, cpuProfDir, workers: WORKERS });
    const warm = app.startMs;
    log(`restart healthy in ${(warm / 1000).toFixed(2)} s`);
    const startCpu = startMeter.end();
    await sleep(3000);
    const running = app;
    const snapshotMemory = (label: string): MemorySnapshot => {
      const s = snapshot(running.proc.child.pid!, running.appPid, running.dataDir);
      tr.memory[label] = s;
      return s;
    };
    const idle = snapshotMemory('idle (after start)');
    log(`idle memory: RSS sum ${idle.totalRssMb} MB, PSS sum ${idle.totalPssMb} MB`);

    const dbUrl = databaseUrl ?? runningEmbeddedUrl(dataDir!);
    if (!dbUrl) throw new Error('could not read the embedded PostgreSQL URL from the data directory');
    pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
    log(`seeding ${MEMBERS} members, sessions and elections`);
    const members = await seedMembers(pool, MEMBERS);
    const electionNumbers = [
      ...Object.values(VOTE_ELECTIONS),
      ...Array.from({ length: PGBENCH_ELECTIONS.count }, (_, i) => PGBENCH_ELECTIONS.simple + i),
      ...Array.from({ length: PGBENCH_ELECTIONS.count }, (_, i) => PGBENCH_ELECTIONS.prepared + i),
      ...Array.from({ length: PGBENCH_ELECTIONS.count }, (_, i) => PGBENCH_ELECTIONS.pool + i),
    ];
    const elections = await seedElections(pool, electionNumbers);
    log(`seeded in ${(members.ms / 1000).toFixed(1)} s`);
    await sleep(1000);
    snapshotMemory('idle (seeded)');

    setCpuRoles(() => ({ appPid: running.appPid, postmasterPid: running.dataDir ? postmasterPid(running.dataDir) : null }));
    const ctx: Context = {
      target,
      app,
      pool,
      dbUrl,
      seeded: { ...members, elections },
      // The bare Fastify baseline is measured once per run (same machine for both databases).
      baselines: { bareFastify: shared.bareFastify, bareStartMs: shared.bareStartMs, bareMemory: shared.bareMemory } as Baselines,
      webBuilt,
      seconds: SECONDS,
      warmup: WARMUP,
      memory: tr.memory,
      snapshotMemory,
      log,
    };

    for (const s of SCENARIOS) {
      // Baselines run with any BENCH_ONLY (the other figures are read against them), unless 'no-baselines'.
      const wanted = s.name === 'baselines' ? !ONLY?.has('no-baselines') : !ONLY || ONLY.has(s.name);
      if (!wanted) {
        tr.scenarios.push({ name: s.name, title: s.title, status: 'skipped', reason: 'not in BENCH_ONLY', figures: [], details: {}, ms: 0 });
        continue;
      }
      if (s.name === 'pages' && target === 'external') {
        tr.scenarios.push({ name: s.name, title: s.title, status: 'skipped', reason: 'measured once, on the embedded run (pages do not depend on the database)', figures: [], details: {}, ms: 0 });
        continue;
      }
      tr.scenarios.push(await runScenario(s, ctx));
      if (s.name === 'baselines') Object.assign(shared, { bareFastify: ctx.baselines.bareFastify, bareStartMs: ctx.baselines.bareStartMs, bareMemory: ctx.baselines.bareMemory });
      if (app.proc.child.exitCode !== null) throw new Error(`the app exited during ${s.name}:\n${app.proc.output()}`);
    }

    const startFigures: Figure[] = [
      figure({ id: 'start.first', label: `Start to healthy /api/health, ${target === 'embedded' ? 'fresh DATA_DIR (initdb + migrations)' : 'fresh database (migrations)'}`, value: ms(cold), unit: 's', target: atMost(ms(cold), 10, '< 10 s'), note: phaseNote(coldPhases, cold) }),
      figure({ id: 'start.restart', label: 'Start to healthy /api/health, existing data (restart)', value: ms(warm), unit: 's', target: atMost(ms(warm), 10, '< 10 s'), note: phaseNote(app.phases, warm) }),
    ];
    const bareStart = (tr.scenarios.find((s) => s.name === 'baselines')?.details as { bareStartMs?: number } | undefined)?.bareStartMs;
    if (bareStart !== undefined) {
      for (const f of startFigures) Object.assign(f, figure({ ...f, baseline: { label: 'bare Fastify via tsx: spawn to listening', value: ms(bareStart), unit: 's' } }));
    }
    const memFigures = memoryFigures(tr.memory, target, tr.scenarios.find((s) => s.name === 'baselines')?.details as { bareMemory?: { rssKb: number; pssKb: number } } | undefined);
    tr.scenarios.unshift({
      name: 'start-memory',
      title: 'Start and memory (npm run serve, built)',
      status: 'ok',
      figures: [...startFigures, ...memFigures],
      details: { firstStartMs: Math.round(cold), firstStartPhases: coldPhases, restartMs: Math.round(warm), restartPhases: app.phases, stop: stopped, totalSetupMs: Math.round(performance.now() - started) },
      ms: 0,
      cpu: startCpu,
    });
    snapshotMemory('end of run');
  } catch (err) {
    tr.error = err instanceof Error ? err.message : String(err);
    console.error(`bench: ${target} run failed: ${tr.error}`);
  } finally {
    await pool?.end().catch(() => {});
    if (app) {
      const s = await stopApp(app);
      tr.stop = s;
      log(`app stopped (${s.clean ? 'clean' : 'forced'}) in ${(s.ms / 1000).toFixed(1)} s`);
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase?.();
  }
  return tr;
}

/** The storm alone (bench/storm.ts), on the embedded PostgreSQL and on DATABASE_URL when set. */
async function runStorm(report: BenchReport, t0: number) {
  if (!report.build.ok) log('the build failed: the app is started on whatever build there is');
  const options = { members: STORM_MEMBERS, arrivalSeconds: STORM_ARRIVAL, seconds: SECONDS, warmup: WARMUP, workers: STORM_WORKERS, log, createScratchDatabase };
  log(`storm: ${STORM_MEMBERS} members over ${STORM_ARRIVAL} s, WORKERS=${STORM_WORKERS.join(' then ')}`);
  const targets: StormTarget[] = [await runStormTarget('embedded', options)];
  if (process.env.DATABASE_URL) targets.push(await runStormTarget('external', options, process.env.DATABASE_URL));
  const storm: StormReport = { meta: { ...report.meta, totalSeconds: Math.round((performance.now() - t0) / 1000) }, build: report.build, targets };
  if (process.env.BENCH_NO_WRITE !== '1') writeStormReport(storm, STORM_MEMBERS);
  console.log(`\n${stormMarkdown(storm)}`);
  log(`done in ${storm.meta.totalSeconds} s${process.env.BENCH_NO_WRITE === '1' ? ' (nothing written: BENCH_NO_WRITE=1)' : '; wrote bench/results.json (storm) and docs/BENCHMARKS.md (storm table)'}`);
}

/** `name name --flag --key=value` */
function parseArgs(argv: string[]): { names: string[]; flags: Record<string, string | undefined> } {
  const names: string[] = [];
  const flags: Record<string, string | undefined> = {};
  for (const a of argv) {
    const m = /^--([a-z0-9-]+)(?:=(.*))?$/i.exec(a);
    if (m) flags[m[1]!] = m[2] ?? '';
    else names.push(a);
  }
  return { names, flags };
}

async function runScenario(s: Scenario, ctx: Context): Promise<ScenarioResult> {
  log(`-- ${s.name}: ${s.title}`);
  const t0 = performance.now();
  const meter = cpuMeter(() => ({ appPid: ctx.app.appPid, postmasterPid: ctx.app.dataDir ? postmasterPid(ctx.app.dataDir) : null }));
  try {
    const r = await s.run(ctx);
    const ms = Math.round(performance.now() - t0);
    const cpu = meter.end();
    log(
      `   (other processes on this machine used ${cpu.othersPct}% of its CPU meanwhile; load average ${cpu.loadAvg1Start} -> ${cpu.loadAvg1End}; ` +
        `app ${cpu.appCores ?? '-'} cores, PostgreSQL ${cpu.postgresCores ?? '-'} cores on average over the scenario)`,
    );
    for (const f of r.figures) {
      log(`   ${f.label}: ${f.value ?? '-'} ${f.unit}${f.baseline ? ` (baseline ${f.baseline.value ?? '-'} ${f.baseline.unit}${f.ratio != null ? `, x${f.ratio}` : ''})` : ''}${f.target ? ` [${f.target.text}: ${f.target.met === null ? '?' : f.target.met ? 'met' : 'MISSED'}]` : ''}`);
      // A miss's note (what it was made of) is in the table too, but a trial run (BENCH_NO_WRITE) writes no table.
      if (f.target?.met === false && f.note) log(`      (${f.note})`);
    }
    return { name: s.name, title: s.title, status: 'ok', figures: r.figures, details: r.details, ms, cpu };
  } catch (err) {
    const ms = Math.round(performance.now() - t0);
    if (err instanceof NotAvailable) {
      log(`   not available yet: ${err.message}`);
      return { name: s.name, title: s.title, status: 'not available yet', reason: err.message, figures: [], details: {}, ms };
    }
    const message = err instanceof Error ? err.message : String(err);
    log(`   FAILED: ${message}`);
    return { name: s.name, title: s.title, status: 'failed', reason: message, figures: [], details: { stack: err instanceof Error ? err.stack : undefined }, ms };
  }
}

function memoryFigures(memory: Record<string, MemorySnapshot>, target: string, base?: { bareMemory?: { rssKb: number; pssKb: number } }): Figure[] {
  const out: Figure[] = [];
  const bare = base?.bareMemory;
  const row = (label: string, key: string) => {
    const m = memory[key];
    if (!m) return;
    const pgText = target === 'embedded' ? ` + ${m.postgres.processes} PostgreSQL processes` : ' (PostgreSQL is external: app only)';
    out.push(
      figure({
        id: `memory.${key}.pss`,
        label: `Memory ${label}, PSS sum: app${pgText}`,
        value: m.totalPssMb,
        unit: 'MB',
        baseline: bare ? { label: 'bare Fastify process PSS', value: Math.round(bare.pssKb / 102.4) / 10, unit: 'MB' } : undefined,
        target: key.startsWith('idle') ? atMost(m.totalPssMb, 250, '< 250 MB (judged on PSS)') : undefined,
        note: `app ${mb(m.app?.pssKb)} MB, PostgreSQL ${mb(m.postgres.pssKb)} MB`,
      }),
      figure({
        id: `memory.${key}.rss`,
        label: `Memory ${label}, plain RSS sum (double-counts shared memory)`,
        value: m.totalRssMb,
        unit: 'MB',
        baseline: bare ? { label: 'bare Fastify process RSS', value: Math.round(bare.rssKb / 102.4) / 10, unit: 'MB' } : undefined,
        note: `app ${mb(m.app?.rssKb)} MB, PostgreSQL ${mb(m.postgres.rssKb)} MB; npm wrapper apart: ${mb(m.wrapper.rssKb)} MB RSS`,
      }),
    );
  };
  row('idle after start', 'idle (after start)');
  row('idle with 10,000 members seeded', 'idle (seeded)');
  row('after the vote load', 'after vote load');
  return out;
}

function phaseNote(p: StartPhases, total: number): string {
  const t = (x: number | undefined) => (x === undefined ? '-' : `${ms(x)} s`);
  return `node process at ${t(p.nodeProcess)}, data directory at ${t(p.pgDirectory)}, postmaster.pid at ${t(p.postmaster)}, healthy at ${t(total)}`;
}

/** Waits (at most `seconds`) until other processes use under a quarter of the machine's CPU. */
async function waitForQuiet(seconds: number) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const m = cpuMeter();
    await sleep(5000);
    const share = m.end().othersPct;
    if (share < 25) {
      log(`machine quiet enough: other processes used ${share}% CPU over 5 s`);
      return;
    }
    log(`waiting for a quieter machine: other processes used ${share}% CPU over 5 s`);
  }
  log('the machine stayed busy; measuring anyway (see the CPU notes per scenario)');
}

const ms = (x: number) => Math.round(x / 10) / 100;
const mb = (kb: number | undefined) => (kb === undefined ? '-' : Math.round(kb / 102.4) / 10);

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}

/** A new database on the DATABASE_URL server, so the run never touches existing data. */
async function createScratchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `aesa_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  const dropSql = `drop database if exists ${name} with (force)`;
  let dropped = false;
  // If the harness dies, drop it synchronously on the way out (psql is beside pgbench).
  onCleanup(() => {
    if (!dropped) execFileSync('psql', [url, '-qc', dropSql], { stdio: 'ignore', timeout: 10_000 });
  });
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(dropSql).finally(() => c.end());
      dropped = true;
    },
  };
}

main().catch((err) => {
  console.error('bench failed:', err);
  killEverythingSync();
  process.exit(1);
});
