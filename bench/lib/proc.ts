import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { isAlive } from '../../apps/server/src/db/data-dir-lock.ts';
import { descendants } from './memory.ts';

// Every process the harness starts is registered here and stopped on the way out, on success,
// on failure, on Ctrl-C and on an uncaught error. Each child gets its own process group
// (detached), so stopping it also stops whatever it started (npm -> sh -> node -> postgres).

export interface Tracked {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Tail of stdout and stderr, for error messages. */
  output(): string;
}

const tracked = new Set<Tracked>();
/** PostgreSQL postmasters we must not leave behind (an app killed hard leaves its own running). */
const postmasters = new Set<number>();
const cleanups: Array<() => void> = [];

export { isAlive };

export interface StartOptions extends SpawnOptions {
  name: string;
  /** Appends stdout and stderr to this file as well. */
  logFile?: string;
  ipc?: boolean;
}

export function start(command: string, args: string[], opts: StartOptions): Tracked {
  const { name, logFile, ipc, ...spawnOpts } = opts;
  const child = spawn(command, args, {
    ...spawnOpts,
    detached: true,
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const log = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : null;
  const onData = (d: Buffer) => {
    tail = (tail + d.toString()).slice(-4000);
    log?.write(d);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code, signal) => {
      tracked.delete(entry);
      log?.end();
      resolve(code ?? (signal ? 128 : null));
    });
    child.on('error', (err) => {
      tail += `\n${err.message}`;
      tracked.delete(entry);
      resolve(-1);
    });
  });
  const entry: Tracked = { name, child, exited, output: () => tail };
  tracked.add(entry);
  if (child.pid) applyPriority(child.pid);
  return entry;
}

let priority: number | null = null;

/**
 * Runs everything started from now on at this scheduling priority. Each child starts its own
 * session (detached), and with the kernel's autogroup scheduling a session is a group that
 * competes with other sessions as a whole whatever its processes' nice values: so the session's
 * autogroup gets the priority too (/proc/<pid>/autogroup, root only).
 */
export function setPriority(nice: number) {
  priority = nice;
  os.setPriority(0, nice);
  writeAutogroup('self', nice);
  // Grandchildren that start sessions of their own (Chrome under Lighthouse and Playwright) get
  // the same priority: every descendant's autogroup is set twice a second (a few dozen writes).
  setInterval(() => {
    for (const pid of descendants(process.pid)) writeAutogroup(String(pid), nice);
  }, 500).unref();
}

function applyPriority(pid: number) {
  if (priority === null) return;
  writeAutogroup(String(pid), priority);
}

function writeAutogroup(pid: string, nice: number) {
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    /* no autogroup scheduling here, or not allowed: the process nice value still applies */
  }
}

/** Runs a command to completion (bounded by timeoutMs) and returns its exit code and output. */
export async function run(command: string, args: string[], opts: StartOptions & { timeoutMs: number }): Promise<{ code: number | null; output: string; ms: number }> {
  const t0 = performance.now();
  const p = start(command, args, opts);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), opts.timeoutMs)));
  const result = await Promise.race([p.exited, timedOut]);
  clearTimeout(timer);
  if (result === 'timeout') {
    await stop(p, 'SIGKILL', 2000);
    return { code: null, output: `${p.output()}\n[timed out after ${opts.timeoutMs} ms]`, ms: performance.now() - t0 };
  }
  return { code: result, output: p.output(), ms: performance.now() - t0 };
}

/**
 * Signals the whole process group (or, with null, only waits), waits up to timeoutMs for the
 * leader to exit, then kills whatever is left of the group.
 */
export async function stop(p: Tracked, signal: NodeJS.Signals | null = 'SIGTERM', timeoutMs = 10_000): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) {
    killGroup(p.child.pid, 'SIGKILL'); // stragglers of an exited leader
    return;
  }
  if (signal) killGroup(p.child.pid, signal);
  let timer: NodeJS.Timeout | undefined;
  const done = await Promise.race([p.exited.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), timeoutMs)))]);
  clearTimeout(timer);
  killGroup(p.child.pid, 'SIGKILL');
  if (!done) await p.exited;
}

/** Signals one process (not its group): used to let the app shut down its own PostgreSQL. */
export function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    /* already gone */
  }
}

function killGroup(pid: number | undefined, sig: NodeJS.Signals) {
  if (!pid) return;
  try {
    process.kill(-pid, sig);
  } catch {
    /* group already gone */
  }
}

export function trackPostmaster(pid: number) {
  postmasters.add(pid);
}

export function untrackPostmaster(pid: number) {
  postmasters.delete(pid);
}

/** Registers a synchronous cleanup (temp directories) run once at exit. */
export function onCleanup(fn: () => void) {
  cleanups.push(fn);
}

/** Synchronous last resort: kill every group we started and every postmaster, run cleanups. */
export function killEverythingSync() {
  for (const p of tracked) killGroup(p.child.pid, 'SIGKILL');
  tracked.clear();
  for (const pid of postmasters) {
    // SIGQUIT: immediate shutdown; the data directory is a throwaway temp dir anyway.
    signal(pid, 'SIGQUIT');
  }
  const deadline = Date.now() + 3000;
  for (const pid of postmasters) {
    while (isAlive(pid) && Date.now() < deadline) sleepSync(50);
    if (isAlive(pid)) signal(pid, 'SIGKILL');
  }
  postmasters.clear();
  for (const fn of cleanups.splice(0)) {
    try {
      fn();
    } catch {
      /* best effort */
    }
  }
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

let installed = false;
/** Makes sure nothing outlives the harness, whatever way it ends. */
export function installExitHandlers() {
  if (installed) return;
  installed = true;
  process.on('exit', killEverythingSync);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(sig, () => {
      console.error(`\nbench: ${sig}, stopping everything it started`);
      killEverythingSync();
      process.exit(130);
    });
  }
  process.on('uncaughtException', (err) => {
    console.error('bench: uncaught error:', err);
    killEverythingSync();
    process.exit(1);
  });
  process.on('unhandledRejection', (err) => {
    console.error('bench: unhandled rejection:', err);
    killEverythingSync();
    process.exit(1);
  });
}

export function runningCount() {
  return tracked.size + [...postmasters].filter(isAlive).length;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Node with tsx, as the project runs TypeScript. */
export function nodeTs(script: string, args: string[] = []): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', script, ...args]];
}
