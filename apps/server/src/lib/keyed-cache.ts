export interface KeyedCacheOptions<V> {
  /** At most this many values are kept; the oldest goes first. */
  maxEntries: number;
  /**
   * A last resort only: announcements normally drop a value within milliseconds. A value is never
   * served once this long has passed since its load started, which bounds how stale a process can
   * be if an announcement is lost (a process killed between a commit and its NOTIFY).
   */
  maxAgeMs: number;
  /** The load of a key when `get` is given none. */
  load?: (key: string) => Promise<V>;
  /** Whether a loaded value may be kept (unknown ids are answered but never kept). */
  keep?: (value: V) => boolean;
  now?: () => number;
}

interface Kept<V> {
  value: V;
  /** When the load that produced it started. */
  loadedAt: number;
}

/**
 * Values by key, kept in this process until a change is announced (a write of this process, or a
 * NOTIFY from any process: db/domain-events.ts). The rules that keep it true:
 * - reads of a key that is being loaded share the one load;
 * - a load that started before an invalidation (of its key, or of everything) answers its own
 *   callers but is never kept, so the cache never holds a value older than the last announcement;
 * - while the LISTEN connection is down the cache is off (`enabled = false`): changes made by other
 *   processes would go unnoticed, so every read goes to the database and nothing is kept. Switching
 *   it on or off drops everything.
 */
export class KeyedCache<V> {
  private values = new Map<string, Kept<V>>();
  private pending = new Map<string, Promise<V>>();
  private generation = 0;
  private on = false;
  private readonly now: () => number;

  constructor(private readonly options: KeyedCacheOptions<V>) {
    this.now = options.now ?? (() => Date.now());
  }

  get enabled() {
    return this.on;
  }

  set enabled(value: boolean) {
    if (value !== this.on) this.clear();
    this.on = value;
  }

  get size() {
    return this.values.size;
  }

  /** The kept value without waiting, if there is a fresh one. */
  peek(key: string): V | undefined {
    if (!this.on) return undefined;
    const kept = this.values.get(key);
    if (!kept) return undefined;
    if (this.now() - kept.loadedAt < this.options.maxAgeMs) return kept.value;
    this.values.delete(key);
    return undefined;
  }

  /** The value, synchronously when kept; else the (shared) load. */
  get(key: string, load?: () => Promise<V>): V | Promise<V> {
    const loader = load ?? (() => this.options.load!(key));
    if (!this.on) return loader();
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const waiting = this.pending.get(key);
    if (waiting) return waiting;
    const generation = this.generation;
    const startedAt = this.now();
    const pending: Promise<V> = loader().then(
      (value) => {
        // Kept only if it is still the load of record: neither its key nor everything was
        // invalidated meanwhile.
        if (this.pending.get(key) !== pending) return value;
        this.pending.delete(key);
        if (generation === this.generation && this.on && (this.options.keep?.(value) ?? true)) this.store(key, value, startedAt);
        return value;
      },
      (err: unknown) => {
        if (this.pending.get(key) === pending) this.pending.delete(key);
        throw err;
      },
    );
    this.pending.set(key, pending);
    return pending;
  }

  /** The value of one key changed: forget it, and any load of it under way. */
  invalidate(key: string) {
    this.values.delete(key);
    this.pending.delete(key);
  }

  /** Anything may have changed: forget everything, including loads under way. */
  clear() {
    this.generation++;
    this.values.clear();
    this.pending.clear();
  }

  private store(key: string, value: V, loadedAt: number) {
    this.values.delete(key);
    if (this.values.size >= this.options.maxEntries) this.values.delete(this.values.keys().next().value!);
    this.values.set(key, { value, loadedAt });
  }
}
