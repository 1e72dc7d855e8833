import pg from 'pg';

export interface ListenerOptions {
  url: string;
  channels: string[];
  onNotify(channel: string, payload: string): void;
  /** Called with true once LISTEN is in place (again), with false when the connection is lost. */
  onState(connected: boolean): void;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

const HEALTH_CHECK_MS = 15_000;
const MAX_BACKOFF_MS = 10_000;

/**
 * A dedicated PostgreSQL connection that LISTENs for the live-results channels. It reconnects
 * with growing delays when the connection drops (server restart, network, a terminated backend),
 * and checks itself every 15 s so that a silently dead connection is noticed too.
 */
export function startNotificationListener(opts: ListenerOptions) {
  let client: pg.Client | null = null;
  let stopped = false;
  let connected = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let healthTimer: NodeJS.Timeout | undefined;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    opts.onState(value);
  };

  const drop = (c: pg.Client, err?: unknown) => {
    if (client !== c) return; // already handled
    client = null;
    clearInterval(healthTimer);
    c.removeAllListeners('notification');
    c.on('error', () => {});
    c.end().catch(() => {});
    setConnected(false);
    if (stopped) return;
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** attempt++);
    opts.log.warn({ err: err instanceof Error ? err.message : undefined, retryInMs: delay }, 'live results: LISTEN connection lost, reconnecting');
    retryTimer = setTimeout(connect, delay);
  };

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: opts.url, application_name: 'aesa-live-results', keepAlive: true, connectionTimeoutMillis: 5000 });
    client = c;
    c.on('error', (err) => drop(c, err));
    c.on('end', () => drop(c));
    c.on('notification', (msg) => {
      if (msg.payload) opts.onNotify(msg.channel, msg.payload);
    });
    try {
      await c.connect();
      for (const channel of opts.channels) await c.query(`LISTEN ${channel}`);
    } catch (err) {
      drop(c, err);
      return;
    }
    if (client !== c || stopped) return;
    if (attempt > 0) opts.log.info({}, 'live results: LISTEN connection restored');
    attempt = 0;
    healthTimer = setInterval(() => {
      c.query('select 1').catch((err) => drop(c, err));
    }, HEALTH_CHECK_MS);
    healthTimer.unref();
    setConnected(true);
  };

  const started = connect();
  return {
    /** Resolves after the first connection attempt (successful or not). */
    started,
    isConnected: () => connected,
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(healthTimer);
      const c = client;
      client = null;
      connected = false;
      if (c) {
        c.removeAllListeners('notification');
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
