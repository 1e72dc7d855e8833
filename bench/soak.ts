// `npm run bench -- soak`: an hour of mixed load at a modest rate against the app as deployed
// (WORKERS=every core unless --workers= says otherwise), watching for what leaks: memory of each
// app process and of PostgreSQL, PostgreSQL connections, the app's sockets, the mail outbox, and
// whether latencies (and the event loop, through a paced /api/health) drift as time passes.
//
//   npm run bench -- soak                 one hour, a sample every 2 minutes
//   npm run bench -- soak --minutes=10    ten minutes, a sample every minute
// The load is bench/children/soak-load.ts; the harness samples from /proc and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { POSITIONS } from '@aesa/shared/constants';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded.ts';
import type { SoakInterval, SoakJob, SoakRates, SoakResult, SoakStep } from './children/soak-load.ts';
import { cpuMeter, setCpuRoles, type CpuShare } from './lib/cpu.ts';
import { fullGcReader } from './lib/gc-trace.ts';
import { appProcesses, postmasterPid, procMem, processTable, descendants, type ProcMem } from './lib/memory.ts';
import { nodeTs, onCleanup, sleep, start, stop, type Tracked } from './lib/proc.ts';
import { BENCH_PASSWORD, checkTallies, KIND, seedElections, seedMembers, uid, type TallyCheck } from './lib/seed.ts';
import { ROOT, startApp, stopApp, WORK, type AppServer } from './lib/server.ts';
import { establishedOnPort, socketFds } from './lib/sockets.ts';
import { DIRECTORY_MIX } from './scenarios/directory.ts';

export interface SoakOptions {
  minutes: number;
  workers: number;
  log(message: string): void;
}

/** One look at the app and its database, with the load's figures for the interval that ended. */
export interface SoakSample {
  /** Seconds since the load started (negative: before it; the 'after' sample: after the grace). */
  atSec: number;
  label: string;
  app: ProcMem[];
  /** Each app process's live heap after its latest full collection (MB; null: none yet), in the order of `app`. */
  heapAfterFullGcMb: (number | null)[];
  /** How many full collections each app process had made by then (the same order). */
  fullGcCount?: number[];
  postgres: { processes: number; rssKb: number; pssKb: number };
  totalPssMb: number;
  totalRssMb: number;
  /** pg_stat_activity client backends of the app's database by state (the harness's own left out). */
  pgConnections: Record<string, number>;
  pgConnectionsTotal: number;
  /** Socket fds of each app process, and established TCP connections on the app's port. */
  socketFds: number[];
  socketFdsTotal: number;
  established: number;
  /** mail_outbox rows by status. */
  outbox: Record<string, number>;
  mailReceived: number;
  cpu: CpuShare | null;
  interval: SoakInterval | null;
}

export interface SoakTargetResult {
  text: string;
  measured: string;
  met: boolean | null;
}

export interface SoakRun {
  minutes: number;
  intervalSec: number;
  warmupSec: number;
  graceSec: number;
  workers: number;
  appProcesses: number;
  rates: SoakRates;
  ws: SoakJob['ws'];
  members: number;
  baseline: SoakSample | null;
  samples: SoakSample[];
  after: SoakSample | null;
  total: SoakResult | null;
  tally: TallyCheck | null;
  memoryGrowth: { name: string; fromMb: number; toMb: number; pct: number | null }[];
  targets: SoakTargetResult[];
  startMs: number;
  error?: string;
}

const MEMBERS = 10_000;
/** Requests started per second by each kind of visit: about 200 requests a second in all. */
const RATES: SoakRates = { directory: 70, profile: 50, vote: 25, signIn: 1, upload: 0.5, bulkEmail: 1 / 30, health: 4 };
const WS = { clients: 40, minStaySec: 10, maxStaySec: 40 };
/** After the load: longer than the app's pool idle timeout (30 s), so idle connections have closed. */
const GRACE_SEC = 40;
/** And at most this much more for the outbox to drain. */
const DRAIN_SEC = 90;
/** Elections seeded: each gives members x 10 positions distinct votes. */
const ELECTION_BASE = 951;
/** Requests of one kind in flight at most (a few seconds of its rate): the generator stays bounded if the server stalls. */
const MAX_IN_FLIGHT = 200;
const MAIL_GROUP = [9996, 9997, 9998, 9999, 10000].map((i) => `member${i}@bench.aesa.test`);

export function soakTimes(minutes: number) {
  const intervalSec = minutes <= 10 ? 60 : 120;
  // Warm-up: a sixth of the run, in whole intervals, at least one (caches, JIT, pools fill).
  const warmupSec = Math.max(intervalSec, Math.ceil((minutes * 10) / intervalSec) * intervalSec);
  return { intervalSec, warmupSec, graceSec: GRACE_SEC, drainSec: DRAIN_SEC };
}

export async function runSoak(o: SoakOptions): Promise<SoakRun> {
  const { intervalSec, warmupSec } = soakTimes(o.minutes);
  const out: SoakRun = {
    minutes: o.minutes,
    intervalSec,
    warmupSec,
    graceSec: GRACE_SEC,
    workers: o.workers,
    appProcesses: 0,
    rates: RATES,
    ws: WS,
    members: MEMBERS,
    baseline: null,
    samples: [],
    after: null,
    total: null,
    tally: null,
    memoryGrowth: [],
    targets: [],
    startMs: 0,
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-soak-'));
  fs.chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user and must get through
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const logFile = path.join(WORK, 'server-soak.log');
  fs.rmSync(logFile, { force: true });
  const sink = await smtpSink();
  let app: AppServer | null = null;
  let monitor: pg.Client | null = null;
  let child: Tracked | null = null;
  try {
    // --trace-gc: each process prints its collections to the log, read for the live heap (gc-trace.ts).
    app = await startApp({ dataDir, logFile, workers: o.workers, smtpUrl: sink.url, nodeFlags: ['--trace-gc'] });
    const fullGc = fullGcReader(logFile);
    out.startMs = Math.round(app.startMs);
    o.log(`app healthy with WORKERS=${o.workers} in ${(app.startMs / 1000).toFixed(2)} s; mail goes to ${sink.url}`);
    const dbUrl = runningEmbeddedUrl(dataDir);
    if (!dbUrl) throw new Error('could not read the embedded PostgreSQL URL from the data directory');
    const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
    const votesWanted = RATES.vote * o.minutes * 60 * 1.2;
    const electionNos = Array.from({ length: Math.max(1, Math.ceil(votesWanted / (MEMBERS * POSITIONS.length))) }, (_, i) => ELECTION_BASE + i);
    o.log(`seeding ${MEMBERS} members and ${electionNos.length} election(s)`);
    const seeded = await seedMembers(pool, MEMBERS);
    const elections = await seedElections(pool, electionNos, { noticeQueued: true });
    const { rows } = await pool.query<{ matric_number: string }>(`select matric_number from users where email like 'member%@bench.aesa.test' order by id limit $1`, [MEMBERS]);
    await pool.end();
    monitor = new pg.Client({ connectionString: dbUrl });
    await monitor.connect();

    const running = app;
    const look = async (label: string, atSec: number, cpu: CpuShare | null, interval: SoakInterval | null) => sample(running, monitor!, sink, fullGc, label, atSec, cpu, interval);
    o.log(`waiting ${GRACE_SEC} s (idle pool connections close) for the baseline`);
    await sleep(GRACE_SEC * 1000);
    out.baseline = await look('baseline (idle, before the load)', -1, null, null);
    o.log(`baseline: ${line(out.baseline)}`);

    const roles = () => ({ appPid: running.appPid, postmasterPid: postmasterPid(dataDir) });
    setCpuRoles(roles);
    const job: SoakJob = {
      origin: app.origin,
      password: BENCH_PASSWORD,
      tokens: seeded.tokens,
      matrics: rows.map((r) => r.matric_number),
      userIds: Array.from({ length: MEMBERS }, (_, i) => uid(KIND.user, i + 1)),
      adminToken: seeded.admin.token,
      mailGroup: MAIL_GROUP,
      elections: electionNos.map((no) => ({ id: elections.get(no)!.id, candidates: elections.get(no)!.candidates })),
      positions: [...POSITIONS],
      directoryPaths: DIRECTORY_MIX,
      rates: RATES,
      ws: WS,
      visitors: 2000,
      maxInFlight: MAX_IN_FLIGHT,
    };
    const jobFile = path.join(WORK, 'soak-job.json');
    const resultFile = path.join(WORK, 'soak-result.json');
    fs.writeFileSync(jobFile, JSON.stringify(job));
    fs.rmSync(resultFile, { force: true });
    const [cmd, args] = nodeTs(path.join(ROOT, 'bench/children/soak-load.ts'), [jobFile, resultFile]);
    child = start(cmd, args, { name: 'soak-load', cwd: ROOT, ipc: true });
    const messages = inbox(child);
    const started = await messages.next('started', 60_000);
    o.log(`load started (${o.minutes} min, sample every ${intervalSec} s, warm-up ${warmupSec} s; a ${(started as { jpegBytes: number }).jpegBytes}-byte JPEG per upload)`);

    const t0 = performance.now();
    let processes = 0;
    for (let k = 1; k * intervalSec <= o.minutes * 60; k++) {
      const meter = cpuMeter(roles);
      const due = t0 + k * intervalSec * 1000;
      while (performance.now() < due) {
        if (child.child.exitCode !== null) throw new Error(`the load generator stopped:\n${child.output()}`);
        if (app.proc.child.exitCode !== null) throw new Error(`the app exited during the soak:\n${app.proc.output()}`);
        if (running.appPid) processes = Math.max(processes, appProcesses(running.appPid).length);
        await sleep(Math.min(1000, due - performance.now()));
      }
      child.child.send({ type: 'sample' });
      const { interval } = (await messages.next('sample', 30_000)) as { interval: SoakInterval };
      const s = await look(`${Math.round((k * intervalSec) / 60)} min`, k * intervalSec, meter.end(), interval);
      out.samples.push(s);
      o.log(`${s.label}: ${line(s)}`);
    }
    out.appProcesses = processes;
    child.child.send({ type: 'stop' });
    await messages.next('done', 90_000);
    await child.exited;
    child = null;
    out.total = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as SoakResult;
    o.log(`load stopped: ${out.total.total.requests} requests, ${out.total.total.errors} errors, ${out.total.total.votesAcknowledged} votes acknowledged; generator ${out.total.cpu.cores} cores`);

    // The grace: idle pool connections close after 30 s; the outbox may still be sending.
    await sleep(GRACE_SEC * 1000);
    const drainUntil = Date.now() + DRAIN_SEC * 1000;
    while (Date.now() < drainUntil && backlog((await monitor.query<{ status: string; n: number }>(OUTBOX_SQL)).rows) > 0) await sleep(1000);
    out.after = await look(`after the load (+${GRACE_SEC} s grace)`, -2, null, null);
    o.log(`after: ${line(out.after)}`);
    const tallyPool = new pg.Pool({ connectionString: dbUrl, max: 1 });
    out.tally = await checkTallies(tallyPool, job.elections.map((e) => e.id));
    await tallyPool.end();
    o.log(`tally: ${out.tally.votes} ballots, ${out.tally.tallySum} counted, ${out.tally.mismatchedCandidates} mismatched candidates, ${out.tally.participations} participations`);
  } catch (err) {
    out.error = err instanceof Error ? err.message : String(err);
    o.log(`soak failed: ${out.error}`);
  } finally {
    setCpuRoles(undefined);
    if (child) await stop(child, 'SIGKILL', 1000);
    await monitor?.end().catch(() => {});
    if (app) await stopApp(app);
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  judge(out);
  return out;
}

const OUTBOX_SQL = 'select status, count(*)::int as n from mail_outbox group by status';
const backlog = (rows: { status: string; n: number }[]) => rows.filter((r) => r.status === 'pending' || r.status === 'sending').reduce((a, r) => a + r.n, 0);

async function sample(app: AppServer, db: pg.Client, sink: { received: () => number }, fullGc: ReturnType<typeof fullGcReader>, label: string, atSec: number, cpu: CpuShare | null, interval: SoakInterval | null): Promise<SoakSample> {
  const table = processTable();
  const pids = app.appPid ? appProcesses(app.appPid, table) : [];
  const mems = pids.map((p) => procMem(p));
  const heaps = fullGc.read();
  const pm = app.dataDir ? postmasterPid(app.dataDir) : null;
  const pgMems = pm ? [pm, ...descendants(pm, table)].map((p) => procMem(p)) : [];
  const postgres = { processes: pgMems.length, rssKb: sum(pgMems.map((m) => m.rssKb)), pssKb: sum(pgMems.map((m) => m.pssKb)) };
  const { rows: conns } = await db.query<{ state: string; n: number }>(
    `select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity
     where backend_type = 'client backend' and datname = current_database() and pid <> pg_backend_pid() group by 1`,
  );
  const { rows: outbox } = await db.query<{ status: string; n: number }>(OUTBOX_SQL);
  const fds = pids.map(socketFds);
  return {
    atSec,
    label,
    app: mems,
    heapAfterFullGcMb: pids.map((p) => heaps.get(p)?.afterMb ?? null),
    fullGcCount: pids.map((p) => heaps.get(p)?.count ?? 0),
    postgres,
    totalPssMb: mb(sum(mems.map((m) => m.pssKb)) + postgres.pssKb),
    totalRssMb: mb(sum(mems.map((m) => m.rssKb)) + postgres.rssKb),
    pgConnections: Object.fromEntries(conns.map((r) => [r.state, r.n])),
    pgConnectionsTotal: sum(conns.map((r) => r.n)),
    socketFds: fds,
    socketFdsTotal: sum(fds),
    established: establishedOnPort(app.port),
    outbox: Object.fromEntries(outbox.map((r) => [r.status, r.n])),
    mailReceived: sink.received(),
    cpu,
    interval,
  };
}

/**
 * The first sample after the warm-up: a sixth of the run has passed and every server process has
 * made a full collection under the load. Until its first one a process's live-heap figure is its
 * start's (35.6 MB against a working 40 MB in a ten-minute run), so growth measured from there is
 * the warm-up itself. The primary only hands connections on and makes none; with one process,
 * that process is the server.
 */
function firstWarmSample(r: SoakRun): SoakSample | undefined {
  const before = new Map(r.baseline?.app.map((p, i) => [p.pid, r.baseline?.fullGcCount?.[i] ?? 0]));
  const collected = (s: SoakSample) => s.app.every((p, i) => (i === 0 && s.app.length > 1) || (s.fullGcCount?.[i] ?? 0) > (before.get(p.pid) ?? 0));
  return r.samples.find((s) => s.atSec >= r.warmupSec && collected(s));
}

/** The targets, judged on the samples. */
function judge(r: SoakRun) {
  const t: SoakTargetResult[] = [];
  const errors = r.total?.total.errors ?? null;
  t.push({ text: 'No errors (every answer as expected, no WebSocket closed by the server)', measured: r.total ? `${errors} errors${errors ? `: ${fmtKinds(r.total.total.errorKinds)}` : ''}; ${r.total.wsClosedByServer} sockets closed by the server` : '-', met: r.total ? errors === 0 && r.total.wsClosedByServer === 0 && !r.error : null });
  const first = firstWarmSample(r);
  const last = r.samples.at(-1);
  const skipped = r.total?.total.skipped ?? null;
  t.push({ text: `The server kept up with the load (no request left unstarted because ${MAX_IN_FLIGHT} of its kind were still in flight)`, measured: r.total ? `${skipped} not started${skipped ? `: ${fmtKinds(r.total.total.skippedKinds)}` : ''}` : '-', met: r.total ? skipped === 0 : null });
  if (first && last && first !== last) {
    const growth = (name: string, a: number, b: number) => ({ name, fromMb: mb(a), toMb: mb(b), pct: a > 0 ? Math.round(((b - a) / a) * 1000) / 10 : null });
    last.app.forEach((p, i) => {
      const before = first.app.find((q) => q.pid === p.pid);
      if (before) r.memoryGrowth.push(growth(`app process ${i + 1} (pid ${p.pid}) PSS`, before.pssKb, p.pssKb));
      else r.memoryGrowth.push({ name: `app process ${i + 1} (pid ${p.pid}, new since ${first.label}) PSS`, fromMb: 0, toMb: mb(p.pssKb), pct: null });
    });
    r.memoryGrowth.push(growth('PostgreSQL (all its processes) PSS', first.postgres.pssKb, last.postgres.pssKb));
    r.memoryGrowth.push(growth('total PSS (app + PostgreSQL)', first.totalPssMb * 1024, last.totalPssMb * 1024));
    const worst = r.memoryGrowth.filter((g) => g.pct !== null);
    const all = worst.every((g) => g.pct! < 10) && worst.length === r.memoryGrowth.length;
    t.push({ text: `Memory growth under 10% from ${first.label} (after warm-up) to ${last.label}, per process and total PSS`, measured: r.memoryGrowth.map((g) => `${g.name.replace(/ \(pid \d+\)/, '')} ${g.fromMb} -> ${g.toMb} MB (${g.pct === null ? 'new' : `${g.pct > 0 ? '+' : ''}${g.pct}%`})`).join('; '), met: all });
    // The live heap after a full collection: what a leak grows, without the garbage and kept pages in PSS.
    const heaps = last.app.map((p, i) => {
      const j = first.app.findIndex((q) => q.pid === p.pid);
      const from = j >= 0 ? first.heapAfterFullGcMb[j] : null;
      const to = last.heapAfterFullGcMb[i] ?? null;
      // The same collection in both samples says nothing of the time between (an idle primary).
      const collected = j >= 0 && (last.fullGcCount?.[i] ?? 0) > (first.fullGcCount?.[j] ?? 0);
      return { name: `app process ${i + 1}`, from, to, pct: collected && from && to !== null ? Math.round(((to - from) / from) * 1000) / 10 : null };
    });
    const judged = heaps.filter((h) => h.pct !== null);
    t.push({
      text: `Live heap after a full garbage collection (node --trace-gc) grows under 10% from ${first.label} to ${last.label}, per app process`,
      measured: heaps.map((h) => (h.pct === null ? `${h.name}: no full collection between the two samples` : `${h.name} ${h.from} -> ${h.to} MB (${h.pct > 0 ? '+' : ''}${h.pct}%)`)).join('; '),
      met: judged.length === 0 ? null : judged.every((h) => h.pct! < 10),
    });
  } else t.push({ text: 'Memory growth under 10% after warm-up', measured: 'not enough samples after the warm-up', met: null });
  const b = r.baseline;
  const a = r.after;
  if (b && a) {
    t.push({ text: `PostgreSQL connections ${r.graceSec} s after the load: back to the idle pool (no more than before the load, none active)`, measured: `${a.pgConnectionsTotal} (${fmtKinds(a.pgConnections)}); before the load ${b.pgConnectionsTotal} (${fmtKinds(b.pgConnections)})`, met: a.pgConnectionsTotal <= b.pgConnectionsTotal && !a.pgConnections.active });
    t.push({ text: 'App sockets back to the baseline (socket fds of the app processes)', measured: `${a.socketFdsTotal} (${a.socketFds.join(' + ')}); before the load ${b.socketFdsTotal}`, met: a.socketFdsTotal <= b.socketFdsTotal });
    t.push({ text: 'No client connection (HTTP or WebSocket) left open on the server side', measured: `${a.established} established on the app's port; before the load ${b.established}`, met: a.established === 0 });
    const left = backlog(Object.entries(a.outbox).map(([status, n]) => ({ status, n })));
    const queued = r.total?.total.mailsQueued ?? 0;
    t.push({ text: 'Mail outbox drained, every message at the local SMTP server', measured: `${left} pending or sending; ${a.outbox.sent ?? 0} sent (${queued} queued by the bulk e-mails), ${a.outbox.failed ?? 0} failed; ${a.mailReceived} received by the SMTP sink`, met: left === 0 && !a.outbox.failed && a.mailReceived === (a.outbox.sent ?? 0) && (a.outbox.sent ?? 0) >= queued && queued > 0 });
  }
  if (r.tally && r.total) {
    t.push({ text: 'Every acknowledged vote counted', measured: `${r.total.total.votesAcknowledged} acknowledged, ${r.tally.votes} ballots, ${r.tally.tallySum} in the tallies, ${r.tally.mismatchedCandidates} candidates mismatched`, met: r.tally.equal && r.tally.votes === r.total.total.votesAcknowledged });
  }
  r.targets = t;
}

/** A local SMTP server on 127.0.0.1 that counts and drops what it receives. */
async function smtpSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += session.envelope.rcptTo.length;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, received: () => received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Messages from a child's IPC channel, awaited by type. */
function inbox(child: Tracked) {
  const queue: { type: string }[] = [];
  const waiting: (() => void)[] = [];
  child.child.on('message', (m: { type: string }) => {
    queue.push(m);
    waiting.splice(0).forEach((w) => w());
  });
  return {
    async next(type: string, timeoutMs: number): Promise<unknown> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = queue.findIndex((m) => m.type === type);
        if (i >= 0) return queue.splice(i, 1)[0];
        if (child.child.exitCode !== null && type !== 'done') throw new Error(`the load generator exited before '${type}':\n${child.output()}`);
        if (Date.now() > deadline) throw new Error(`no '${type}' from the load generator within ${timeoutMs} ms:\n${child.output()}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mb = (kb: number) => Math.round(kb / 102.4) / 10;
const fmtKinds = (k: Record<string, number>) => Object.entries(k).map(([s, n]) => `${s} ${n}`).join(', ') || 'none';
const p99 = (s: SoakSample, step: SoakStep) => s.interval?.steps[step]?.p99 ?? null;

/** One log line of a sample. */
function line(s: SoakSample): string {
  const i = s.interval;
  return (
    `PSS app ${s.app.map((p) => mb(p.pssKb)).join('/')} MB (live heap after full GC ${s.heapAfterFullGcMb.map((h) => h ?? '-').join('/')} MB), PostgreSQL ${mb(s.postgres.pssKb)} MB (${s.postgres.processes} processes), total ${s.totalPssMb} MB; ` +
    `pg conns ${fmtKinds(s.pgConnections)}; socket fds ${s.socketFds.join('/')}, established ${s.established}; outbox ${fmtKinds(s.outbox)}, mail received ${s.mailReceived}` +
    (i ? `; ${i.requests} requests, ${i.errors} errors${i.errors ? ` (${fmtKinds(i.errorKinds)})` : ''}${i.skipped ? `, ${i.skipped} not started (${fmtKinds(i.skippedKinds)})` : ''}; p99 health ${p99(s, 'health')} vote ${p99(s, 'vote')} directory ${p99(s, 'directory')} sign-in ${p99(s, 'sign-in')} upload ${p99(s, 'upload')} ms; ws open ${i.ws.open}` : '') +
    (s.cpu ? `; CPU app ${s.cpu.appCores} PostgreSQL ${s.cpu.postgresCores} cores, others ${s.cpu.othersPct}%` : '')
  );
}

const STEP_COLUMNS: [SoakStep, string][] = [
  ['health', 'health'],
  ['directory', 'directory'],
  ['profile', 'profile'],
  ['vote', 'vote'],
  ['sign-in', 'sign-in'],
  ['sign-out', 'sign-out'],
  ['upload', 'upload'],
  ['bulk e-mail', 'e-mail'],
  ['ws join', 'ws join'],
];

/** The soak's generated section of docs/BENCHMARKS.md. */
export function soakTable(r: SoakRun, meta: { date: string; commit: string; branch: string; machine: { cpus: number; cpuModel: string; memoryGb: number; node: string } }): string {
  const L: string[] = [];
  const rates = `directory ${r.rates.directory}/s, profiles ${r.rates.profile}/s, votes ${r.rates.vote}/s, sign-in + me + sign-out + refused me ${r.rates.signIn}/s, uploads ${r.rates.upload}/s, bulk e-mail every ${Math.round(1 / r.rates.bulkEmail)} s to ${MAIL_GROUP.length} members, /api/health ${r.rates.health}/s, ${r.ws.clients} live-results clients each staying ${r.ws.minStaySec}-${r.ws.maxStaySec} s`;
  L.push(
    `Run ${meta.date} on commit ${meta.commit} (${meta.branch}); ${meta.machine.cpus} cores (${meta.machine.cpuModel}), ${meta.machine.memoryGb} GB, Node ${meta.machine.node}; ` +
      `**${r.minutes} minutes**, WORKERS=${r.workers} (${r.appProcesses} app processes seen), ${r.members.toLocaleString('en-US')} members; load: ${rates}. ` +
      `A sample every ${r.intervalSec / 60} min; warm-up ${r.warmupSec / 60} min at least, until every server process has made a full collection under the load; grace after the load ${r.graceSec} s.`,
    '',
  );
  if (r.error) L.push(`**The run failed:** ${r.error.split('\n')[0]}`, '');
  L.push('| Target | Measured | |', '|---|---|---|');
  for (const t of r.targets) L.push(`| ${esc(t.text)} | ${esc(t.measured)} | ${t.met === null ? '?' : t.met ? 'met' : '**missed**'} |`);
  L.push('');
  L.push(
    '| Sample | App PSS per process (MB) | App live heap after the last full GC (MB) | PostgreSQL PSS (MB) | Total PSS / RSS (MB) | PG connections | App socket fds / established | Requests / errors / not started | ' +
      STEP_COLUMNS.map(([, h]) => `${h} p99`).join(' | ') +
      ' | Outbox pending / sent | WS open | Other processes CPU |',
  );
  L.push(`|${'---|'.repeat(9 + STEP_COLUMNS.length + 3)}`);
  for (const s of [r.baseline, ...r.samples, r.after].filter((x): x is SoakSample => !!x)) {
    const i = s.interval;
    L.push(
      `| ${s.label} | ${s.app.map((p) => mb(p.pssKb)).join(' / ')} | ${(s.heapAfterFullGcMb ?? []).map((h) => h ?? '-').join(' / ')} | ${mb(s.postgres.pssKb)} (${s.postgres.processes}) | ${s.totalPssMb} / ${s.totalRssMb} | ${s.pgConnectionsTotal} (${fmtKinds(s.pgConnections)}) | ${s.socketFdsTotal} / ${s.established} | ` +
        `${i ? `${i.requests.toLocaleString('en-US')} / ${i.errors} / ${i.skipped}` : ''} | ` +
        STEP_COLUMNS.map(([k]) => (p99(s, k) ?? '')).join(' | ') +
        ` | ${(s.outbox.pending ?? 0) + (s.outbox.sending ?? 0)} / ${s.outbox.sent ?? 0} | ${i ? i.ws.open : ''} | ${s.cpu ? `${s.cpu.othersPct}%` : ''} |`,
    );
  }
  L.push('', 'Latencies in ms (p99 of the interval); "health" is the paced `GET /api/health`, standing for the event-loop delay (the app does not expose one).');
  return L.join('\n');
}

const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
