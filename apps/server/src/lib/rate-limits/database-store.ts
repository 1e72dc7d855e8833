import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../../db/client.ts';
import { type Callback, ProcessRateLimitStore, type Result } from './process-store.ts';
import { RefusedWindows } from './refused-windows.ts';
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
