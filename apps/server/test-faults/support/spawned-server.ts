import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/db/embedded.ts';
import { serveArgs } from './serve-command.ts';

// The real server as `npm run serve` starts it (compiled) (a child process with its own environment), with
// its console output kept, for the rules that live in main.ts: what a start prints and seeds.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface SpawnedServer {
  child: ChildProcess;
  port: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Stops the server and its embedded PostgreSQL (SIGTERM to the group, then SIGKILL). */
  stop(): Promise<void>;
}

/** A fresh data directory for an embedded PostgreSQL (readable by its unprivileged user). */
export function freshDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** Starts the server on every address and waits until /api/health answers and the start is printed. */
export async function spawnServer(env: NodeJS.ProcessEnv): Promise<SpawnedServer> {
  const port = await freePort();
  // Throwaway data: the embedded PostgreSQL does not wait for the disk (decision 098); a test may
  // say otherwise. A killed process loses no commit either way: it is in the system's cache.
  const full: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '0.0.0.0', LOG_LEVEL: 'warn', EMBEDDED_PG_FSYNC: 'false', ...env };
  for (const [k, v] of Object.entries(full)) if (v === undefined) delete full[k];
  const child = spawn(process.execPath, serveArgs(), { cwd: ROOT, detached: true, env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 15_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
    // "is running at" comes after the seed and the setup link: the start's output is complete.
    if (output.includes('is running at')) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        /* not yet */
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, output: () => output, stop };
}
