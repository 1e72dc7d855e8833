import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { mfaKey } from '../modules/mfa/mfa-secret-box.ts';
import { restartDelay } from './restart-backoff.ts';
import { collectStartGarbage } from './start-garbage.ts';
import { onStopSignal, prepareSite, printStarted } from './site-start.ts';
import { WORKER_DATABASE_URL } from './worker-env.ts';

/** How long the workers get to finish their requests on stop before they are killed. */
const STOP_GRACE_MS = 30_000;

interface Slot {
  worker?: Worker;
  startedAt: number;
  failures: number;
}

/**
 * WORKERS>1: this process starts the one database (the embedded PostgreSQL, or migrations on an
 * external one), prepares the site once (demo data, setup link), then forks the server processes,
 * which share the port through Node's cluster module. It serves nothing itself. A server process
 * that stops on its own is started again after a back-off (restart-backoff.ts); on SIGTERM or
 * SIGINT every server process stops taking requests and finishes those in flight, and only then
 * does PostgreSQL stop. Which process runs the background jobs is settled by the database
 * (modules/jobs), not here, so it holds across machines too.
 */
export async function runPrimary(config: AppConfig, log: (m: string) => void) {
  // Its queries are the start's (migrations, the demo seed, the setup link): its connections
  // close a second after them instead of holding PostgreSQL backends while the site runs.
  const database = await openDatabase(config, log, 1000);
  let slots: Slot[] = [];
  let stopping = false;
  onStopSignal(async () => {
    stopping = true;
    await stopWorkers(slots);
    await database.close();
  });
  let setupLink: string | null;
  try {
    // The TOTP key file, when MFA_SECRET_KEY is not set, is made here once: the workers only read it.
    mfaKey(config);
    setupLink = await prepareSite(config, database, log);
  } catch (err) {
    await database.close();
    throw err;
  }

  const env = { [WORKER_DATABASE_URL]: database.url };
  slots = Array.from({ length: config.workers }, () => ({ startedAt: 0, failures: 0 }));
  let started = 0;
  const allListening = new Promise<void>((resolve, reject) => {
    const fork = (slot: Slot) => {
      if (stopping) return;
      const worker = cluster.fork(env);
      slot.worker = worker;
      slot.startedAt = Date.now();
      let listening = false;
      worker.once('listening', () => {
        listening = true;
        if (++started === slots.length) resolve();
      });
      worker.once('exit', (code, signal) => {
        slot.worker = undefined;
        if (stopping) return;
        // A process that never served during the first start cannot serve (port taken, bad
        // database): the start fails as a one-process start would, with that process's error.
        if (!listening && started < slots.length) return reject(new Error(`a server process stopped while starting (${signal ?? `exit code ${code}`})`));
        const next = restartDelay(slot.failures, Date.now() - slot.startedAt);
        slot.failures = next.failures;
        log(`  Server process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another in ${next.delayMs} ms.`);
        setTimeout(() => fork(slot), next.delayMs).unref();
      });
    };
    for (const slot of slots) fork(slot);
  });
  try {
    await allListening;
  } catch (err) {
    stopping = true;
    await stopWorkers(slots);
    await database.close();
    throw err;
  }
  printStarted(config, setupLink, log);
  await collectStartGarbage();
}

/** SIGTERM to every server process (they finish their requests), SIGKILL to any still there after the grace time. */
async function stopWorkers(slots: Slot[]) {
  const live = slots.map((s) => s.worker).filter((w): w is Worker => !!w && w.process.exitCode === null && !w.process.signalCode);
  await Promise.all(
    live.map(
      (worker) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            console.warn(`  Server process ${worker.process.pid} did not stop within ${STOP_GRACE_MS / 1000} s; killed.`);
            worker.process.kill('SIGKILL');
          }, STOP_GRACE_MS);
          worker.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          worker.process.kill('SIGTERM');
        }),
    ),
  );
}
