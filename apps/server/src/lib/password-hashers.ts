import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The threads that compute argon2id, at a low scheduling priority (decision 084).
 *
 * A password check takes a core for about 12 ms; a vote takes well under one. On libuv's shared
 * thread pool the checks ran at the same priority as the event loop, so during a sign-in storm a
 * vote waited for a core behind the hashes. Here each check runs in a worker thread of its own
 * that lowers its own priority (Linux applies `setpriority` to a single thread when given its
 * thread id): whenever the event loop or PostgreSQL wants the core, the hash yields it, and when
 * nobody else does, the hash gets the whole core, so sign-in capacity on an otherwise idle
 * machine is unchanged. How many run at once is still the password pool's business
 * (password-pool.ts); this only carries out what the pool admitted.
 */

/**
 * How much lower the hashing threads' priority is than the process's own (nice values are added,
 * up to 19): relative, so that a server started under `nice` still hashes below its event loop.
 * Against a thread that wants the same core, a thread 10 nice steps lower gets about a tenth of
 * it: a vote preempts a hash at once, yet sign-ins (without which nobody votes) still move when
 * the event loops keep every core busy. At 19 steps they would get about 1.5% and stall.
 */
export const HASHER_NICE_STEPS = 10;

const ARGON2 = createRequire(import.meta.url).resolve('@node-rs/argon2');

// Plain JavaScript evaluated as the worker's script, so that it runs the same from the source
// (tsx) and from the bundled server (esbuild), which has no separate file to point a worker at.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  const os = require('node:os');
  os.setPriority(tid, Math.min(19, os.getPriority(tid) + workerData.niceSteps));
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}
parentPort.on('message', ({ op, args }) => {
  try {
    const value = op === 'hash' ? argon2.hashSync(args[0], args[1]) : argon2.verifySync(args[0], args[1]);
    parentPort.postMessage({ value });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;

type Task = { op: 'hash' | 'verify'; args: unknown[]; resolve: (value: never) => void; reject: (err: Error) => void };
type Hasher = { worker: Worker; task: Task | null; retiring?: NodeJS.Timeout };

/**
 * How long a thread may sit idle before it is ended. A thread holds about 6.5 MB (its own V8
 * heap and stack); starting one again costs the next check 30 to 100 ms. Sign-ins more than this
 * far apart are a quiet server, where nobody notices those milliseconds; in a storm the threads
 * never idle that long.
 */
export const HASHER_IDLE_MS = 30_000;

export class PasswordHashers {
  private readonly idle: Hasher[] = [];
  private readonly waiting: Task[] = [];
  private count = 0;
  private size = 1;

  constructor(private readonly idleMs = HASHER_IDLE_MS) {}

  /** How many threads there are now, working or idle. */
  get threads() {
    return this.count;
  }

  /** At most `size` threads; more are started only when that many checks run at once. */
  resize(size: number) {
    this.size = Math.max(1, size);
  }

  hash(password: string, options: object): Promise<string> {
    return this.submit('hash', [password, options]);
  }

  verify(hashed: string, password: string): Promise<boolean> {
    return this.submit('verify', [hashed, password]);
  }

  private submit<T>(op: Task['op'], args: unknown[]): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const task: Task = { op, args, resolve: resolve as (value: never) => void, reject };
      const hasher = this.idle.pop() ?? (this.count < this.size ? this.start() : null);
      if (hasher) this.give(hasher, task);
      else this.waiting.push(task);
    });
  }

  /** Ends every idle thread now (the start's measuring check is done; nothing else is waiting). */
  retireIdle() {
    while (this.idle.length > 0) this.retire(this.idle[0]!);
  }

  private give(hasher: Hasher, task: Task) {
    clearTimeout(hasher.retiring);
    hasher.task = task;
    // A thread keeps the process alive while it works (a command waiting for its hash), never
    // while it is idle.
    hasher.worker.ref();
    // One check at a time per thread: its answer is the answer to `hasher.task`.
    hasher.worker.postMessage({ op: task.op, args: task.args });
  }

  private start(): Hasher {
    this.count++;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2: ARGON2, niceSteps: HASHER_NICE_STEPS } });
    const hasher: Hasher = { worker, task: null };
    worker.on('message', (answer: { value?: never; error?: string }) => {
      const task = hasher.task!;
      hasher.task = null;
      if (answer.error !== undefined) task.reject(new Error(answer.error));
      else task.resolve(answer.value!);
      this.next(hasher);
    });
    // A thread that dies (out of memory, say) fails its check, not the process; a new one is
    // started for the next check.
    worker.on('error', (err: Error) => this.lost(hasher, err));
    worker.on('exit', (code) => this.lost(hasher, new Error(`password hashing thread ended (${code})`)));
    return hasher;
  }

  private next(hasher: Hasher) {
    const task = this.waiting.shift();
    if (task) return this.give(hasher, task);
    hasher.worker.unref();
    this.idle.push(hasher);
    hasher.retiring = setTimeout(() => this.retire(hasher), this.idleMs).unref();
  }

  private retire(hasher: Hasher) {
    const at = this.idle.indexOf(hasher);
    if (at < 0) return;
    this.idle.splice(at, 1);
    clearTimeout(hasher.retiring);
    this.count--;
    // Its 'exit' then finds it neither idle nor working, as a thread already counted as lost.
    void hasher.worker.terminate();
  }

  private lost(hasher: Hasher, err: Error) {
    const at = this.idle.indexOf(hasher);
    if (at >= 0) this.idle.splice(at, 1);
    else if (hasher.task === null) return; // already counted as lost (error, then exit)
    this.count--;
    hasher.task?.reject(err);
    hasher.task = null;
    const task = this.waiting.shift();
    if (task) this.give(this.start(), task);
  }
}

export const passwordHashers = new PasswordHashers();
