import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from './tx.ts';

/**
 * The events every app process hears, whichever process (or script, or manual SQL) caused them,
 * with their payloads. Each travels as a PostgreSQL NOTIFY on its channel, sent at commit.
 */
export interface DomainEvents {
  /** Votes were recorded (vote-announcer.ts, after they committed; coalesced per election). */
  'vote.cast': { electionId: string };
  /** An election, its candidates or its public batch changed (elections.queries.ts, results.queries.ts). */
  'election.changed': { electionId: string };
  /** Something the members directory shows changed (database triggers on users, member_roles, user_skills; migration 0002). */
  'directory.changed': { table: string };
}
export type DomainEventName = keyof DomainEvents;

/** The NOTIFY channel of each event (the names the triggers and senders use). */
export const CHANNEL = {
  'vote.cast': 'aesa_votes',
  'election.changed': 'aesa_elections',
  'directory.changed': 'aesa_directory',
} as const satisfies Record<DomainEventName, string>;

/** A NOTIFY payload (text) as its event's payload. */
const DECODE: { [E in DomainEventName]: (payload: string) => DomainEvents[E] } = {
  'vote.cast': (electionId) => ({ electionId }),
  'election.changed': (electionId) => ({ electionId }),
  'directory.changed': (table) => ({ table }),
};

/** An event's payload as its NOTIFY text (the inverse of DECODE). */
const ENCODE: { [E in DomainEventName]: (payload: DomainEvents[E]) => string } = {
  'vote.cast': ({ electionId }) => electionId,
  'election.changed': ({ electionId }) => electionId,
  'directory.changed': ({ table }) => table,
};

/**
 * Sends `event` to every process (this one too, through its LISTEN connection). PostgreSQL sends
 * a NOTIFY when the transaction of `via` commits, and never if it rolls back, so a sender passes
 * the transaction that made the change: listeners then reload rows that are already there.
 * Every sender in the app goes through here; the database triggers that send `directory.changed`
 * are the only other senders (docs/ARCHITECTURE.md lists them).
 */
export async function emit<E extends DomainEventName>(via: Executor, event: E, payload: DomainEvents[E]): Promise<void> {
  await via.execute(sql`select pg_notify(${CHANNEL[event]}, ${ENCODE[event](payload)})`);
}

const EVENT_OF_CHANNEL = new Map<string, DomainEventName>(Object.entries(CHANNEL).map(([event, channel]) => [channel, event as DomainEventName]));

type Handler<E extends DomainEventName> = (payload: DomainEvents[E]) => void;

export interface DomainEventsLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const HEALTH_CHECK_MS = 15_000;
const MAX_BACKOFF_MS = 10_000;
export const APPLICATION_NAME = 'aesa-domain-events';

/**
 * The domain events of this process over ONE dedicated PostgreSQL connection that LISTENs on
 * every channel. Handlers are registered by event name and receive typed payloads.
 *
 * The connection reconnects with growing delays when it drops (server restart, network, a
 * terminated backend), and checks itself every 15 s so that a silently dead connection is noticed
 * too. While it is down, announcements from other processes are lost: `onConnection` handlers hear
 * `false` when it is lost and `true` when LISTEN is in place (again), so that caches switch
 * themselves off while down and refresh everything after.
 */
export class DomainEventChannel {
  private handlers = new Map<DomainEventName, Set<Handler<DomainEventName>>>();
  private connectionHandlers = new Set<(connected: boolean) => void>();
  private client: pg.Client | null = null;
  private stopped = true;
  private isConnected = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private healthTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly log: DomainEventsLog,
  ) {}

  /** Calls `handler` for every `event` heard from now on; answers the way to stop. */
  on<E extends DomainEventName>(event: E, handler: Handler<E>): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as Handler<DomainEventName>);
    return () => set.delete(handler as Handler<DomainEventName>);
  }

  /** Calls `handler(true)` when LISTEN is in place (again), `handler(false)` when the connection is lost. */
  onConnection(handler: (connected: boolean) => void): () => void {
    this.connectionHandlers.add(handler);
    return () => this.connectionHandlers.delete(handler);
  }

  get connected() {
    return this.isConnected;
  }

  /** Opens the connection; resolves after the first attempt (successful or not). */
  start(): Promise<void> {
    this.stopped = false;
    return this.connect();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.healthTimer);
    const c = this.client;
    this.client = null;
    this.isConnected = false;
    if (c) {
      c.removeAllListeners('notification');
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  }

  /** Delivers one event to its handlers (a NOTIFY heard, or a test). A failing handler is logged. */
  deliver<E extends DomainEventName>(event: E, payload: DomainEvents[E]) {
    for (const handler of this.handlers.get(event) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        this.log.error({ err, event }, 'domain events: a handler failed');
      }
    }
  }

  private setConnected(value: boolean) {
    if (this.isConnected === value) return;
    this.isConnected = value;
    for (const handler of this.connectionHandlers) {
      try {
        handler(value);
      } catch (err) {
        this.log.error({ err }, 'domain events: a connection handler failed');
      }
    }
  }

  private drop(c: pg.Client, err?: unknown) {
    if (this.client !== c) return; // already handled
    this.client = null;
    clearInterval(this.healthTimer);
    c.removeAllListeners('notification');
    c.on('error', () => {});
    c.end().catch(() => {});
    this.setConnected(false);
    if (this.stopped) return;
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** this.attempt++);
    this.log.warn({ err: err instanceof Error ? err.message : undefined, retryInMs: delay }, 'domain events: LISTEN connection lost, reconnecting');
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private async connect() {
    if (this.stopped) return;
    const c = new pg.Client({ connectionString: this.url, application_name: APPLICATION_NAME, keepAlive: true, connectionTimeoutMillis: 5000 });
    this.client = c;
    c.on('error', (err) => this.drop(c, err));
    c.on('end', () => this.drop(c));
    c.on('notification', (msg) => {
      const event = EVENT_OF_CHANNEL.get(msg.channel);
      if (event && msg.payload) this.deliver(event, DECODE[event](msg.payload) as never);
    });
    try {
      await c.connect();
      // Channel names are constants of this file, never input.
      for (const channel of Object.values(CHANNEL)) await c.query(`LISTEN ${channel}`);
    } catch (err) {
      this.drop(c, err);
      return;
    }
    if (this.client !== c || this.stopped) return;
    if (this.attempt > 0) this.log.info({}, 'domain events: LISTEN connection restored');
    this.attempt = 0;
    this.healthTimer = setInterval(() => {
      c.query('select 1').catch((err) => this.drop(c, err));
    }, HEALTH_CHECK_MS);
    this.healthTimer.unref();
    this.setConnected(true);
  }
}
