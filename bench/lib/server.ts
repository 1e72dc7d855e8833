import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/db/embedded.ts';
import { findAppPid, postmasterPid } from './memory.ts';
import { isAlive, signal, sleep, start, stop, trackPostmaster, untrackPostmaster, type Tracked } from './proc.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const WORK = path.join(ROOT, 'bench', '.work');

export interface AppServer {
  proc: Tracked;
  port: number;
  origin: string;
  appPid: number | null;
  /** Milliseconds from spawning `npm run serve` to the first 200 from /api/health. */
  startMs: number;
  /** When each step of the start was first seen (ms from spawning npm). */
  phases: StartPhases;
  dataDir: string | null;
  databaseUrl?: string;
  logFile: string;
  /** The WORKERS value the app was started with (undefined: its own default). */
  workers?: number;
}

export interface StartPhases {
  /** The node process running main.js exists (npm and sh started it). */
  nodeProcess?: number;
  /** DATA_DIR/pg/PG_VERSION exists (initdb has begun, or the data was already there). */
  pgDirectory?: number;
  /** DATA_DIR/pg/postmaster.pid exists (PostgreSQL is starting). */
  postmaster?: number;
}

export interface StartAppOptions {
  /** Embedded PostgreSQL in this directory (DATA_DIR). */
  dataDir?: string;
  /** External PostgreSQL (DATABASE_URL). */
  databaseUrl?: string;
  logFile: string;
  /** Write a CPU profile of the server into this directory (node --cpu-prof). */
  cpuProfDir?: string;
  /** More node flags for every app process (e.g. --trace-gc); the server processes inherit them. */
  nodeFlags?: string[];
  /** WORKERS for the app (server processes sharing the port); unset: the app's own default. */
  workers?: number;
  /** SMTP_URL for the app's mail (a local sink the harness started); unset: mail stays in the outbox. */
  smtpUrl?: string;
  timeoutMs?: number;
}

/**
 * Starts the app with its own start command, `npm run serve`, on 127.0.0.1 and a free port,
 * without demo data, and waits for GET /api/health to answer 200.
 */
export async function startApp(opts: StartAppOptions): Promise<AppServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    // As behind a reverse proxy: each simulated visitor's address comes in X-Forwarded-For
    // (bench/lib/visitors.ts), so per-address rate limits see visitors.
    // The load comes from this machine: loopback is the proxy.
    TRUST_PROXY: 'loopback',
    // Production settings: no SMTP (mail stays in the outbox), default log level.
    SMTP_URL: '',
  };
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  if (opts.dataDir) env.DATA_DIR = opts.dataDir;
  if (opts.smtpUrl) {
    if (!/^smtp:\/\/127\.0\.0\.1:\d+$/.test(opts.smtpUrl)) throw new Error(`the bench sends mail only to 127.0.0.1 (got ${opts.smtpUrl})`);
    env.SMTP_URL = opts.smtpUrl;
  }
  delete env.WORKERS;
  if (opts.workers !== undefined) env.WORKERS = String(opts.workers);
  // The app must not inherit the harness's own loader flags.
  delete env.NODE_OPTIONS;

  const t0 = performance.now();
  const flags = [...(opts.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${JSON.stringify(opts.cpuProfDir)}`] : []), ...(opts.nodeFlags ?? [])];
  if (opts.cpuProfDir) fs.mkdirSync(opts.cpuProfDir, { recursive: true });
  const proc = flags.length > 0 ? startWithFlags(env, flags, opts.logFile) : start('npm', ['run', 'serve', '--silent'], { name: 'app (npm run serve)', cwd: ROOT, env, logFile: opts.logFile });
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  let startMs = -1;
  let watchedPostmaster: number | null = null;
  const phases: StartPhases = {};
  const at = () => Math.round(performance.now() - t0);
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`the app exited (code ${proc.child.exitCode}) before it was healthy:\n${proc.output()}`);
    phases.nodeProcess ??= findAppPid(proc.child.pid!) ? at() : undefined;
    if (opts.dataDir) {
      phases.pgDirectory ??= fs.existsSync(path.join(opts.dataDir, 'pg', 'PG_VERSION')) ? at() : undefined;
      if (!watchedPostmaster) {
        watchedPostmaster = postmasterPid(opts.dataDir);
        if (watchedPostmaster) {
          phases.postmaster = at();
          trackPostmaster(watchedPostmaster);
        }
      }
    }
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) {
        startMs = performance.now() - t0;
        await res.arrayBuffer();
        break;
      }
      await res.arrayBuffer();
    } catch {
      /* not listening yet */
    }
    await sleep(25);
  }
  if (startMs < 0) {
    await stop(proc, 'SIGKILL', 2000);
    throw new Error(`the app was not healthy within ${opts.timeoutMs ?? 60_000} ms:\n${proc.output()}`);
  }
  if (opts.dataDir && !watchedPostmaster) {
    watchedPostmaster = postmasterPid(opts.dataDir);
    if (watchedPostmaster) trackPostmaster(watchedPostmaster);
  }
  return { proc, port, origin, appPid: findAppPid(proc.child.pid!), startMs, phases, dataDir: opts.dataDir ?? null, databaseUrl: opts.databaseUrl, logFile: opts.logFile, workers: opts.workers };
}

/**
 * node refuses --cpu-prof and --trace-gc in NODE_OPTIONS, so a run with node flags starts the
 * command of the `serve` script itself (`node apps/server/dist/main.js`) with the flags added,
 * without npm.
 */
function startWithFlags(env: NodeJS.ProcessEnv, flags: string[], logFile: string) {
  const serve = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve!;
  if (!serve.startsWith('node ')) throw new Error(`cannot add node flags: the serve script is not a node command (${serve})`);
  return start('sh', ['-c', `exec node ${flags.join(' ')} ${serve.slice(5)}`], { name: `app (node ${flags.join(' ')})`, cwd: ROOT, env, logFile });
}

/**
 * Stops the app the way an operator would: SIGTERM to the app process, which closes the HTTP
 * server and its embedded PostgreSQL. Anything still alive after the grace time is killed.
 */
export async function stopApp(app: AppServer, graceMs = 20_000): Promise<{ clean: boolean; ms: number }> {
  const t0 = performance.now();
  const pm = app.dataDir ? postmasterPid(app.dataDir) : null;
  if (app.appPid) signal(app.appPid, 'SIGTERM');
  await stop(app.proc, app.appPid ? null : 'SIGTERM', graceMs);
  let clean = true;
  if (pm) {
    const deadline = Date.now() + 10_000;
    while (isAlive(pm) && Date.now() < deadline) await sleep(50);
    if (isAlive(pm)) {
      clean = false;
      signal(pm, 'SIGQUIT');
      await sleep(500);
      if (isAlive(pm)) signal(pm, 'SIGKILL');
    }
    untrackPostmaster(pm);
  }
  return { clean, ms: performance.now() - t0 };
}

/**
 * BENCH_WORKERS (or `--workers=`): the WORKERS the bench passes to the app it starts; `all` is
 * every core of this machine. Unset: the app's own default.
 */
export function benchWorkers(value = process.env.BENCH_WORKERS): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'all') return os.availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_WORKERS must be a whole number of at least 1 or "all" (got ${JSON.stringify(value)})`);
  return n;
}

/** `npm run build`, bounded in time. */
export async function build(logFile: string): Promise<{ ok: boolean; ms: number; output: string }> {
  const { run } = await import('./proc.ts');
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const r = await run('npm', ['run', 'build'], { name: 'npm run build', cwd: ROOT, env, logFile, timeoutMs: 240_000 });
  const ok = r.code === 0 && fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'));
  return { ok, ms: r.ms, output: r.output };
}
