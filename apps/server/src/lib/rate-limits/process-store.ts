import type { FastifyRateLimitStore } from '@fastify/rate-limit';

export type Result = { current: number; ttl: number };
export type Callback = (err: Error | null, result?: Result) => void;

/** The most client keys one route keeps in one process. */
export const MAX_WINDOWS = 10_000;

/**
 * Fixed windows counted in this process only (routes marked `rateLimitPerProcess`). At most
 * MAX_WINDOWS keys: when full, the windows that reset soonest go first, the expired ones and then,
 * if it is still full, live ones (such a key starts counting again, which the limit survives; the
 * memory would not survive a map that grows with every new address).
 *
 * A window is put at the end of the map whenever it starts, and a route's windows are all as long,
 * so the map's order is the order in which they reset: making room looks at the first entries only,
 * and a new address costs the same however many the map holds. (A scan of the whole map per new
 * address took an eighth of a busy process's CPU under the bench's directory load.)
 */
export class ProcessRateLimitStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { hits: number; resetsAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  incr(key: string, callback: Callback, timeWindow: number) {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      this.windows.delete(key);
      this.makeRoom(now);
      window = { hits: 0, resetsAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.hits++;
    callback(null, { current: window.hits, ttl: window.resetsAt - now });
  }

  child(): FastifyRateLimitStore {
    return new ProcessRateLimitStore(this.now);
  }

  get size() {
    return this.windows.size;
  }

  /** Drops the expired windows at the front, then the soonest to reset while still full. */
  private makeRoom(now: number) {
    for (const [key, w] of this.windows) {
      if (w.resetsAt > now && this.windows.size < MAX_WINDOWS) return;
      this.windows.delete(key);
    }
  }
}
