import type { Result } from './process-store.ts';

export const MAX_REMEMBERED = 10_000;
const KEPT_WHEN_FULL = MAX_REMEMBERED * 0.9;
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

  /**
   * Drops the expired windows and then the soonest to reset, down to 90% of MAX_REMEMBERED: one
   * pass makes room for a thousand keys, so that a flood of new refused keys (a client with many
   * addresses) does not pay a walk and a sort of the whole map for each one.
   */
  private sweep() {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.resetsAt <= now) this.windows.delete(key);
    if (this.windows.size <= KEPT_WHEN_FULL) return;
    const soonest = [...this.windows].sort((a, b) => a[1].resetsAt - b[1].resetsAt);
    for (const [key] of soonest.slice(0, this.windows.size - KEPT_WHEN_FULL)) this.windows.delete(key);
  }
}
