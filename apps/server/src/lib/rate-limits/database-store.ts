import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../../db/client.ts';
import { countRateLimitHit, readRateLimit } from './rate-limits.queries.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route's per-address limit is counted by each process on its own (so an address may
     * reach it once per server process): for a hot read whose limit only bounds uncached
     * database work, where a database write per request would cost more than it protects.
     */
    rateLimitPerProcess?: true;
  }
}

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Result) => void;

interface RouteInfo {
  method?: string | string[];
  url?: string;
  config?: { rateLimitPerProcess?: true };
}

/**
 * The rate limits' counters, in PostgreSQL (table rate_limit_hits), so that every server process
 * of every machine counts the same window: a client spreading its requests over the processes
 * gets no more than the limit. Keys are the route (or the named limiter) and the client key.
 *
 * `db` is the limiter's own small pool (app.ts), not the one pages and votes use: a flood of
 * counted requests queues for those few connections only. And once a key is over its limit,
 * this process remembers it until its window resets (decision 059): the refusals that follow are
 * answered from memory, without a database write, so a flood of refused requests costs the
 * database nothing. (Another process learns it at its own first refused request.)
 */
export function databaseRateLimitStore(db: Db) {
  const refusals = new RefusedWindows();
  const inFlight = new Map<string, Promise<void>>();
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;
    private readonly local?: FastifyRateLimitStore;

    constructor(options: { routeInfo?: RouteInfo; max?: unknown; timeWindow?: unknown; local?: FastifyRateLimitStore }) {
      const route = options.routeInfo;
      this.scope = route?.url ? `${[route.method].flat().join(',')} ${route.url}` : `limiter ${String(options.max)}/${String(options.timeWindow)}`;
      this.local = options.local;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      if (this.local) return this.local.incr(key, callback, timeWindow, max);
      const fullKey = `${this.scope}|${key}`;
      const refused = refusals.hit(fullKey);
      if (refused) return refusals.answerAfterPause(() => callback(null, refused));
      // One key's counts go to the database one after another: a burst from one address uses one
      // of the limiter's connections at most, and once an answer says "over", the requests of the
      // burst still waiting are refused from memory.
      const mine = (inFlight.get(fullKey) ?? Promise.resolve()).then(async () => {
        const learned = refusals.hit(fullKey);
        if (learned) return refusals.answerAfterPause(() => callback(null, learned));
        let r: Result;
        try {
          r = await countRateLimitHit(db, fullKey, timeWindow);
        } catch (err) {
          return callback(err as Error);
        }
        if (r.current > max) refusals.remember(fullKey, r);
        callback(null, r);
      });
      inFlight.set(fullKey, mine);
      void mine.finally(() => {
        if (inFlight.get(fullKey) === mine) inFlight.delete(fullKey);
      });
    }

    read(key: string, callback: Callback) {
      const fullKey = `${this.scope}|${key}`;
      const refused = refusals.peek(fullKey);
      if (refused) return callback(null, refused);
      readRateLimit(db, fullKey).then((r) => callback(null, r), (err: Error) => callback(err));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const options = routeOptions as unknown as { routeInfo?: RouteInfo; max?: unknown; timeWindow?: unknown };
      const local = options.routeInfo?.config?.rateLimitPerProcess ? new ProcessRateLimitStore() : undefined;
      return new DatabaseRateLimitStore({ ...options, local });
    }
  };
}

const MAX_REMEMBERED = 10_000;
/**
 * A request of a key already told to retry later (429 with Retry-After) is refused after this
 * pause, in which it costs a socket and a timer but no work: a client that ignores Retry-After
 * and sends again at once over its few connections slows to a few requests a second on each,
 * so a flood of refusals does not take the event loop from everyone else's pages.
 */
export const REFUSAL_PAUSE_MS = 200;
/** At most this many refusals wait out their pause at once in a process; beyond it, answered at once. */
const MAX_PAUSED = 2000;

/**
 * The keys this process saw over their limit, each until its window resets: a refusal of such a
 * key is counted here, not in the database. At most MAX_REMEMBERED keys (the soonest to reset are
 * dropped first when full: they would be counted in the database again, which is still correct).
 */
export class RefusedWindows {
  private readonly windows = new Map<string, { hits: number; resetsAt: number }>();
  private paused = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Runs `answer` (a refusal) after REFUSAL_PAUSE_MS, or at once when too many already wait. */
  answerAfterPause(answer: () => void) {
    if (this.paused >= MAX_PAUSED) return answer();
    this.paused++;
    setTimeout(() => {
      this.paused--;
      answer();
    }, REFUSAL_PAUSE_MS).unref();
  }

  remember(key: string, result: Result) {
    if (result.ttl <= 0) return;
    if (this.windows.size >= MAX_REMEMBERED) this.sweep();
    this.windows.set(key, { hits: result.current, resetsAt: this.now() + result.ttl });
  }

  /** Counts one more refused request of `key` when it is remembered as over its limit. */
  hit(key: string): Result | null {
    const w = this.live(key);
    if (!w) return null;
    w.hits++;
    return { current: w.hits, ttl: w.resetsAt - this.now() };
  }

  peek(key: string): Result | null {
    const w = this.live(key);
    return w ? { current: w.hits, ttl: w.resetsAt - this.now() } : null;
  }

  get size() {
    return this.windows.size;
  }

  private live(key: string) {
    const w = this.windows.get(key);
    if (!w) return null;
    if (w.resetsAt <= this.now()) {
      this.windows.delete(key);
      return null;
    }
    return w;
  }

  private sweep() {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.resetsAt <= now) this.windows.delete(key);
    if (this.windows.size < MAX_REMEMBERED) return;
    const soonest = [...this.windows].sort((a, b) => a[1].resetsAt - b[1].resetsAt);
    for (const [key] of soonest.slice(0, this.windows.size - MAX_REMEMBERED + 1)) this.windows.delete(key);
  }
}

/** Fixed windows counted in this process only (routes marked `rateLimitPerProcess`). */
export class ProcessRateLimitStore implements FastifyRateLimitStore {
  private windows = new Map<string, { hits: number; resetsAt: number }>();

  incr(key: string, callback: Callback, timeWindow: number) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      if (this.windows.size >= 10_000) this.sweep(now);
      window = { hits: 0, resetsAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.hits++;
    callback(null, { current: window.hits, ttl: window.resetsAt - now });
  }

  child(): FastifyRateLimitStore {
    return new ProcessRateLimitStore();
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (w.resetsAt <= now) this.windows.delete(key);
    // Still full of live windows: drop the oldest rather than grow without bound.
    for (const key of this.windows.keys()) {
      if (this.windows.size < 10_000) break;
      this.windows.delete(key);
    }
  }
}
