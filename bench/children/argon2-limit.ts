// The machine's own argon2id limit: how many password verifications per second all its cores do,
// with the server's own parameters. Run as its own process (nothing else of the harness in it):
// one worker thread per core, each verifying the server's own hash in a loop with the synchronous
// call (one thread = one core busy), for the same number of seconds; the sum is the limit.
//   node --import tsx bench/children/argon2-limit.ts <job.json> <result.json>
// The hash comes from the seeded database (made by the app's own hashPassword), so its PHC string
// carries the server's memory, time and parallelism costs: no parameter is copied here.
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { parseOptions } from '@node-rs/argon2';

export interface Argon2LimitJob {
  /** A PHC string made by the server (users.password_hash). */
  phc: string;
  password: string;
  seconds: number;
  /** Worker threads; default: every core (os.availableParallelism()). */
  threads?: number;
}

export interface Argon2LimitResult {
  threads: number;
  seconds: number;
  verifications: number;
  /** Verifications per second, all threads together. */
  perSecond: number;
  /** Each thread's rate (a thread that got less of its core shows here). */
  perThread: number[];
  /** Milliseconds of one verification on one thread (median thread). */
  msEach: number;
  parameters: { memoryCostKiB: number; timeCost: number; parallelism: number; algorithm: string };
  cpuModel: string;
}

// The thread's code as plain JavaScript (a worker thread does not get the parent's tsx loader).
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { verifySync } = require(workerData.argon2);
const { phc, password, until } = workerData;
let n = 0;
const t0 = performance.now();
// The deadline is on Date.now(): the same clock in every thread.
while (Date.now() < until) {
  if (!verifySync(phc, password)) throw new Error('the benchmark password does not match its hash');
  n++;
}
parentPort.postMessage({ n, ms: performance.now() - t0 });
`;

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

async function main() {
  const [jobFile, outFile] = process.argv.slice(2);
  const job = JSON.parse(fs.readFileSync(jobFile!, 'utf8')) as Argon2LimitJob;
  const threads = job.threads ?? os.availableParallelism();
  // Every thread starts, then all run to the same deadline (a thread's start-up is not counted).
  const until = Date.now() + 500 + job.seconds * 1000;
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const runs = await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<{ n: number; ms: number }>((resolve, reject) => {
          const w = new Worker(THREAD, { eval: true, workerData: { phc: job.phc, password: job.password, until, argon2 } });
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
  const perThread = runs.map((r) => Math.round((r.n / r.ms) * 100_000) / 100);
  const verifications = runs.reduce((a, r) => a + r.n, 0);
  const sorted = runs.map((r) => r.ms / Math.max(1, r.n)).sort((a, b) => a - b);
  const p = parseOptions(job.phc);
  const result: Argon2LimitResult = {
    threads,
    seconds: job.seconds,
    verifications,
    perSecond: Math.round(perThread.reduce((a, b) => a + b, 0) * 10) / 10,
    perThread,
    msEach: Math.round(sorted[Math.floor(sorted.length / 2)]! * 100) / 100,
    parameters: { memoryCostKiB: p.memoryCost, timeCost: p.timeCost, parallelism: p.parallelism, algorithm: job.phc.split('$')[1] ?? '?' },
    cpuModel: os.cpus()[0]?.model ?? '?',
  };
  fs.writeFileSync(outFile!, JSON.stringify(result));
}
