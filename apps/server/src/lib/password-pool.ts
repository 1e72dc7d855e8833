/**
 * The bounded pool that password checks (argon2id) run in: at most `size` at once in this process
 * (argon2 runs them on libuv's threads, one core each), the rest waiting in order. A check that
 * would wait longer than `maxWaitMs` is refused at once (PasswordPoolBusy) instead of piling up
 * behind the others: in a sign-in storm, a queue of minutes helps nobody, and every waiting
 * sign-in holds a connection and memory. The wait is estimated from the measured time of a check
 * (a moving average) and the number of checks ahead. A sign-in also asks before its database
 * reads (`admit`), so that once the queue is full a flood is turned away before it queues for
 * database connections too.
 *
 * One client address holds at most `perAddress` places (running or waiting) of this process's
 * pool (decision 059): beyond them, that address is told to retry (PasswordPoolBusy), while the
 * other addresses still find places. A stranger flooding sign-ins or password links from one
 * address then slows nobody but itself. Checks without an address (an address the operator
 * exempted, or work outside a request) are not counted per address.
 *
 * The moments this pool tells the sign-ins it turns away are its own; a moment another process
 * gave (its come-back ticket, lib/come-back-ticket.ts) is passed in by the caller (`toldElsewhereInMs`).
 */
/** A seat not given up by then is given up by the pool (see reserve). */
const SEAT_TIMEOUT_MS = 60_000;

/**
 * The longest a turned-away sign-in is told to wait (Retry-After), however large the crowd. Two
 * cores sign in 10,000 members arriving within a minute in about three to four minutes; past the
 * cap, the members told it come back together and are turned away again.
 */
export const MAX_RETRY_AFTER_SECONDS = 180;

/** A member coming back this long after their moment is still taken as due (a slow phone, a page in the background). */
const DUE_FOR_MS = 30_000;

/** A member due back is taken while the queue holds up to this many times its usual bound. */
const DUE_WAIT_FACTOR = 3;

/** Places of a process's pool that one client address may hold at once (decision 059). */
export const PLACES_PER_ADDRESS = 2;

export class PasswordPool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private meanMs: number;
  /** The lowest the measured check time has been: a check's time when the machine is not busy with anything else. */
  private quietMs: number;
  private measures = 0;
  private readonly counts = { completed: 0, refused: 0, refusedForAddress: 0, waitedMs: 0, maxWaitMs: 0, dueByTicket: 0 };
  /** Sign-ins admitted whose check has not entered the pool yet (`reserve`). */
  private reserved = 0;
  /** Places held (reserved, running or waiting) per client address. */
  private readonly held = new Map<string, number>();
  /** The latest moment (this.now()) a sign-in turned away for the queue's length was told to come back at. */
  private comeBackAt = 0;
  /**
   * The moment each client address turned away for the queue's length was told, while it is ahead
   * or just passed. Kept in the order the moments were given (`tell`): the moments this pool gives
   * never go back, so the ones that passed first are at the front, and forgetting them looks at the
   * front only, however many addresses a storm has told. A moment taken over from another process
   * (due already) goes to the back and is forgotten once the ones before it have passed, at most
   * MAX_RETRY_AFTER_SECONDS later.
   */
  private readonly toldAt = new Map<string, number>();

  constructor(
    private size: number,
    private maxWaitMs: number,
    /** The time of one check before any was measured (passwords.ts measures one at start). */
    initialCheckMs = 50,
    private readonly now: () => number = () => performance.now(),
    private perAddress = PLACES_PER_ADDRESS,
  ) {
    this.meanMs = initialCheckMs;
    this.quietMs = initialCheckMs;
  }

  configure(size: number, maxWaitMs: number, perAddress = PLACES_PER_ADDRESS) {
    this.size = Math.max(1, size);
    this.maxWaitMs = maxWaitMs;
    this.perAddress = Math.max(1, perAddress);
  }

  /** Places that `address` holds now. */
  heldBy(address: string): number {
    return this.held.get(address) ?? 0;
  }

  /** Counts a measured check time into the estimate (also used for a check made outside the pool). */
  measured(ms: number) {
    this.meanMs = this.meanMs * 0.8 + ms * 0.2;
    // The quiet time starts from the first measure, not from the guess made before any.
    this.quietMs = this.measures++ === 0 ? ms : Math.min(this.quietMs, this.meanMs);
  }

  /** Checks running or waiting now. */
  get pending(): number {
    return this.running + this.waiting.length;
  }

  /**
   * Admits a sign-in (as `admit`) and holds a place for its check until it enters the pool
   * (`Seat.enter`) or ends without one (`Seat.release`). A burst of sign-ins that all arrive
   * before any reaches the pool then still meets the queue's bound and the address's share at
   * the door, before its database work, instead of all queueing for database connections.
   */
  reserve(address: string | null = null, toldElsewhereInMs?: number): Seat {
    this.admit(address, toldElsewhereInMs);
    this.reserved++;
    if (address !== null) this.held.set(address, this.heldBy(address) + 1);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      this.reserved--;
      if (address !== null) this.drop(address);
    };
    // A seat its caller forgot to give up (a code path that throws before its try block, say) is
    // given up anyway, so the pool's count cannot drift upwards for good.
    const timer = setTimeout(release, SEAT_TIMEOUT_MS);
    timer.unref?.();
    return {
      release,
      enter: <T>(check: () => Promise<T>) => {
        release();
        return check();
      },
    };
  }

  private drop(address: string) {
    const left = this.heldBy(address) - 1;
    if (left > 0) this.held.set(address, left);
    else this.held.delete(address);
  }

  /** How long a check asked for now would wait before it starts (0 when a slot is free). */
  estimatedWaitMs(): number {
    const ahead = this.running + this.waiting.length + this.reserved;
    if (ahead < this.size) return 0;
    // It starts once the checks ahead of it that do not have a slot, and itself, get one: slots
    // free `size` at a time, each after a check's time at most.
    return Math.ceil((ahead - this.size + 1) / this.size) * this.meanMs;
  }

  /**
   * Refuses (PasswordPoolBusy) when a check asked for now would wait too long, or when `address`
   * already holds its share of places. The address is told to come back once its own checks are
   * through: they finish by the wait of the last one queued plus one check. `toldElsewhereInMs`:
   * how far from now the moment is that another process told this address (its come-back ticket).
   */
  admit(address: string | null = null, toldElsewhereInMs?: number) {
    const wait = this.estimatedWaitMs();
    if (address !== null && this.heldBy(address) >= this.perAddress) {
      this.counts.refused++;
      this.counts.refusedForAddress++;
      throw new PasswordPoolBusy(Math.max(1, Math.ceil((wait + this.meanMs) / 1000)));
    }
    const own = address === null ? undefined : this.toldAt.get(address);
    const elsewhere = address === null || toldElsewhereInMs === undefined ? undefined : this.now() + toldElsewhereInMs;
    const due = this.dueMoment(own) ?? this.dueMoment(elsewhere);
    if (wait > this.maxWaitMs && !(wait <= this.maxWaitMs * DUE_WAIT_FACTOR && due !== undefined)) {
      this.counts.refused++;
      throw this.nextComeBack(wait, address, [own, elsewhere]);
    }
    if (due === undefined || address === null || due === own) return;
    // Due by another process's moment only: from now on it is this process's too, so the check's
    // own admission (`run`, after the sign-in's database reads) finds it without the ticket.
    this.tell(address, due);
    if (wait > this.maxWaitMs) this.counts.dueByTicket++;
  }

  /**
   * The moment a member was given (nextComeBack) if they come back at it now, or up to a little
   * later. Such a member is taken even while the queue is longer than the usual bound (up to
   * DUE_WAIT_FACTOR times it): turned away again, they would be sent to the end of a crowd that
   * came after them, and the moments would stop meaning anything.
   */
  private dueMoment(at: number | undefined): number | undefined {
    const now = this.now();
    return at !== undefined && at <= now && now - at <= DUE_FOR_MS ? at : undefined;
  }

  /**
   * The refusal of a sign-in turned away now, with the moment to come back at: each one is given
   * its own moment, one quiet check's share of the pool after the moment the one before it was
   * given (and no earlier than the queue's present wait). Told all the same few seconds, a crowd larger than the pool comes
   * back all at once, is turned away again, and its retries take the CPU the checks need; spread
   * at the pool's own pace, the members it turns away come back about as fast as it can take them.
   * An address asking again before its moment is told the same moment, so that one client (a
   * stranger's flood) cannot push everyone else's moments back; once the moment has come, it is
   * let in (dueMoment). The same holds for a moment another process gave (`told`, from its ticket).
   */
  private nextComeBack(waitMs: number, address: string | null, told: (number | undefined)[]): PasswordPoolBusy {
    const now = this.now();
    // In whole ms first: `now + 180 s - now` can come out a hair over 180 s, and Retry-After 181.
    const busyUntil = (at: number) => new PasswordPoolBusy(Math.max(1, Math.ceil(Math.round(at - now) / 1000)), at - now);
    const ahead = told.filter((at): at is number => at !== undefined && at > now);
    if (ahead.length > 0) return busyUntil(Math.min(...ahead));
    const latest = now + MAX_RETRY_AFTER_SECONDS * 1000;
    // Paced by a check's time on a quiet machine, not by the time measured in the crowd: under
    // load the hashing threads (low priority) take longer, and at that pace the crowd would come
    // back slower than the pool can take it once the load eases, leaving the cores idle. Members
    // who come back too early are let in up to three times the queue's bound (dueMoment), and only
    // those beyond it are sent on: pacing too fast costs a few refusals, too slow costs time.
    this.comeBackAt = Math.min(latest, Math.max(this.comeBackAt, now + waitMs) + this.quietMs / this.size);
    if (address !== null) this.tell(address, this.comeBackAt);
    return busyUntil(this.comeBackAt);
  }

  /** Remembers the moment `address` was told, behind every other, and forgets the moments no longer due. */
  private tell(address: string, at: number) {
    const now = this.now();
    for (const [told, moment] of this.toldAt) {
      if (moment + DUE_FOR_MS >= now) break;
      this.toldAt.delete(told);
    }
    this.toldAt.delete(address);
    this.toldAt.set(address, at);
  }

  /** Addresses whose moment to come back at is remembered (for tests). */
  get toldCount(): number {
    return this.toldAt.size;
  }

  async run<T>(check: () => Promise<T>, address: string | null = null): Promise<T> {
    this.admit(address);
    if (address !== null) this.held.set(address, this.heldBy(address) + 1);
    try {
      return await this.runAdmitted(check);
    } finally {
      if (address !== null) this.drop(address);
    }
  }

  private async runAdmitted<T>(check: () => Promise<T>): Promise<T> {
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
    const stats = {
      ...this.counts,
      running: this.running,
      queued: this.waiting.length,
      reserved: this.reserved,
      meanCheckMs: Math.round(this.meanMs),
      size: this.size,
      estimatedWaitMs: Math.round(this.estimatedWaitMs()),
      // How far ahead the latest moment given to a turned-away sign-in is, and how far apart the moments are given.
      comeBackAheadMs: Math.max(0, this.comeBackAt - this.now()),
      comeBackShareMs: this.quietMs / this.size,
    };
    Object.assign(this.counts, { completed: 0, refused: 0, refusedForAddress: 0, waitedMs: 0, maxWaitMs: 0, dueByTicket: 0 });
    return stats;
  }
}

/** A place held for a sign-in's check (PasswordPool.reserve). */
export interface Seat {
  /** Gives the place up and runs `check`, which asks the pool for its own place. */
  enter<T>(check: () => Promise<T>): Promise<T>;
  /** Gives the place up (nothing when already given up). */
  release(): void;
}

/**
 * The pool's queue holds more than the allowed wait: try again after `retryAfterSeconds`.
 * `comeBackInMs`: when the refusal gave a moment of its own to come back at, how far from now it is.
 */
export class PasswordPoolBusy extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly comeBackInMs?: number,
  ) {
    super('password checks are busy');
  }
}
