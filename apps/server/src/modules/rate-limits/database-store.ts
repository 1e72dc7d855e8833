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
 */
export function databaseRateLimitStore(db: Db) {
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
      countRateLimitHit(db, `${this.scope}|${key}`, timeWindow).then((r) => callback(null, r), (err: Error) => callback(err));
    }

    read(key: string, callback: Callback) {
      readRateLimit(db, `${this.scope}|${key}`).then((r) => callback(null, r), (err: Error) => callback(err));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const options = routeOptions as unknown as { routeInfo?: RouteInfo; max?: unknown; timeWindow?: unknown };
      const local = options.routeInfo?.config?.rateLimitPerProcess ? new ProcessRateLimitStore() : undefined;
      return new DatabaseRateLimitStore({ ...options, local });
    }
  };
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
