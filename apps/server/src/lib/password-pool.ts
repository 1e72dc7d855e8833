/**
 * The bounded pool that password checks (argon2id) run in: at most `size` at once in this process
 * (argon2 runs them on libuv's threads, one core each), the rest waiting in order. A check that
 * would wait longer than `maxWaitMs` is refused at once (PasswordPoolBusy) instead of piling up
 * behind the others: in a sign-in storm, a queue of minutes helps nobody, and every waiting
 * sign-in holds a connection and memory. The wait is estimated from the measured time of a check
 * (a moving average) and the number of checks ahead, counting those reserved: a sign-in reserves
 * its place before its database reads (`reserve`), so that a flood is turned away before it
 * queues for database connections too, and not only once it reaches the check.
 */
export class PasswordPool {
  private running = 0;
  private reserved = 0;
  private readonly waiting: (() => void)[] = [];
  private meanMs: number;
  private readonly counts = { completed: 0, refused: 0, waitedMs: 0, maxWaitMs: 0 };

  constructor(
    private size: number,
    private maxWaitMs: number,
    /** The time of one check before any was measured (passwords.ts measures one at start). */
    initialCheckMs = 50,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.meanMs = initialCheckMs;
  }

  configure(size: number, maxWaitMs: number) {
    this.size = Math.max(1, size);
    this.maxWaitMs = maxWaitMs;
  }

  /** Counts a measured check time into the estimate (also used for a check made outside the pool). */
  measured(ms: number) {
    this.meanMs = this.meanMs * 0.8 + ms * 0.2;
  }

  /** How long a check asked for now would wait before it starts (0 when a slot is free). */
  estimatedWaitMs(): number {
    const ahead = this.running + this.waiting.length + this.reserved;
    if (ahead < this.size) return 0;
    // It starts once the checks ahead of it that do not have a slot, and itself, get one: slots
    // free `size` at a time, each after a check's time at most.
    return Math.ceil((ahead - this.size + 1) / this.size) * this.meanMs;
  }

  /** Refuses (PasswordPoolBusy) when a check asked for now would wait too long. */
  private admit() {
    const wait = this.estimatedWaitMs();
    if (wait > this.maxWaitMs) {
      this.counts.refused++;
      throw new PasswordPoolBusy(Math.max(1, Math.ceil(wait / 1000)));
    }
  }

  /**
   * A place for a check that comes soon, counted in the estimate from now on (or refused at once,
   * as `run` would). `run` with it uses the place; `release` gives back one left unused.
   */
  reserve(): Reservation {
    this.admit();
    this.reserved++;
    let held = true;
    return {
      use: () => {
        if (!held) return false;
        held = false;
        this.reserved--;
        return true;
      },
      release() {
        this.use();
      },
    };
  }

  async run<T>(check: () => Promise<T>, reservation?: Reservation): Promise<T> {
    if (!reservation?.use()) this.admit();
    const queuedAt = this.now();
    // A free slot is taken now; otherwise the slot is handed over by a check that ends, so no
    // later caller can slip in between.
    if (this.running < this.size && this.waiting.length === 0) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const startedAt = this.now();
    const waited = startedAt - queuedAt;
    this.counts.waitedMs += waited;
    this.counts.maxWaitMs = Math.max(this.counts.maxWaitMs, waited);
    try {
      return await check();
    } finally {
      this.measured(this.now() - startedAt);
      this.counts.completed++;
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** What happened since the last call (for the log), and the state now. */
  takeStats() {
    const stats = { ...this.counts, running: this.running, queued: this.waiting.length, reserved: this.reserved, meanCheckMs: Math.round(this.meanMs), size: this.size, estimatedWaitMs: Math.round(this.estimatedWaitMs()) };
    Object.assign(this.counts, { completed: 0, refused: 0, waitedMs: 0, maxWaitMs: 0 });
    return stats;
  }
}

export interface Reservation {
  /** Takes the place for a check (true), or finds it already used or released (false). */
  use(): boolean;
  release(): void;
}

/** The pool's queue holds more than the allowed wait: try again after `retryAfterSeconds`. */
export class PasswordPoolBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('password checks are busy');
  }
}
