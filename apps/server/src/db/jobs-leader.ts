import pg from 'pg';

/** The session advisory lock whose holder runs the background jobs (one per database). */
export const JOBS_LOCK_SQL = "pg_try_advisory_lock(hashtext('aesa:background-jobs'))";
/** The application_name of the connection that holds it: `aesa-jobs <pid>` (operators and tests can see who leads). */
export const JOBS_CONNECTION_NAME = 'aesa-jobs';

export interface RunningJobs {
  stop(): Promise<void>;
}

export interface JobsLeaderOptions {
  url: string;
  /** How often a process that does not hold the lock tries again, and the holder checks its connection. */
  retryMs: number;
  /** Starts the jobs when this process takes the lock. */
  lead: () => RunningJobs;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Exactly one process per database runs the background jobs: the one holding a PostgreSQL
 * session advisory lock on a connection of its own. Every process of every machine tries; the
 * others try again every `retryMs`. The lock lives as long as that connection: when the holder
 * dies (even by kill -9) or loses the database, PostgreSQL releases it and another process takes
 * over at its next try; a holder that finds its connection broken stops its jobs at once.
 * (The jobs themselves are safe to overlap during such a handover: the mail queue is claimed
 * with leases and SKIP LOCKED.)
 */
export class JobsLeader {
  private client?: pg.Client;
  private running?: RunningJobs;
  private timer?: NodeJS.Timeout;
  private checking: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly opts: JobsLeaderOptions) {}

  /** Whether this process runs the jobs now. */
  get leading(): boolean {
    return !!this.running;
  }

  start() {
    this.tick();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.checking;
    await this.release();
  }

  private tick() {
    this.checking = this.check().finally(() => {
      if (!this.stopped) this.timer = setTimeout(() => this.tick(), this.opts.retryMs);
    });
  }

  private async check() {
    try {
      this.client ??= await this.connect();
      if (this.running) {
        await this.client.query('select 1'); // the connection, and so the lock, still holds
        return;
      }
      const { rows } = await this.client.query<{ locked: boolean }>(`select ${JOBS_LOCK_SQL} as locked`);
      if (rows[0]?.locked && !this.stopped) {
        this.running = this.opts.lead();
        this.opts.log.info({}, 'this process runs the background jobs');
      }
    } catch (err) {
      if (this.running) this.opts.log.warn({ err: (err as Error).message }, 'background jobs: lost the database connection that held their lock; stopping them here');
      await this.release();
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.opts.url, application_name: `${JOBS_CONNECTION_NAME} ${process.pid}`, connectionTimeoutMillis: 5000 });
    // A broken connection took the lock with it: stop the jobs now, not at the next check.
    client.on('error', () => {
      if (this.client === client) void this.release();
    });
    await client.connect();
    return client;
  }

  /** Stops the jobs (they finish what they hold) and closes the connection, which frees the lock. */
  private async release() {
    const running = this.running;
    const client = this.client;
    this.running = undefined;
    this.client = undefined;
    await running?.stop();
    await client?.end().catch(() => {});
  }
}
