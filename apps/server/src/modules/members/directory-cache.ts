/** At most this many pages (and as many totals) are kept; the oldest goes first. About 3 KB a page. */
export const MAX_ENTRIES = 2000;
/**
 * A last resort only: every change is announced (a write request of this process, or NOTIFY
 * aesa_directory from the database triggers, migration 0002) and drops the whole cache at once.
 * This bounds how long a process could answer from a cache that missed an announcement.
 */
export const MAX_AGE_MS = 30_000;

interface Shared {
  generation: number;
  enabled: boolean;
  /** When the current generation began (Date.now()). */
  since: number;
}

/**
 * Values by key for one generation of the directory. Reads of a key that is being loaded share
 * the one load. A load that started before an invalidation answers its own callers but is never
 * stored, so the cache never holds anything older than the last change it was told about.
 */
export class KeyedCache<V> {
  private values = new Map<string, V>();
  private pending = new Map<string, Promise<V>>();

  constructor(private readonly shared: Shared) {}

  /** The value, synchronously when cached; else the (shared) load. */
  get(key: string, load: () => Promise<V>): V | Promise<V> {
    const s = this.shared;
    if (!s.enabled) return load();
    const hit = this.values.get(key);
    if (hit !== undefined) return hit;
    const waiting = this.pending.get(key);
    if (waiting) return waiting;
    const generation = s.generation;
    const pending = load().then(
      (value) => {
        if (this.pending.get(key) === pending) this.pending.delete(key);
        if (generation === s.generation && s.enabled) {
          if (this.values.size >= MAX_ENTRIES) this.values.delete(this.values.keys().next().value!);
          this.values.set(key, value);
        }
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

  get size() {
    return this.values.size;
  }

  clear() {
    this.values.clear();
    this.pending.clear();
  }
}

/**
 * The members directory of this process: each page's serialised answer, keyed by the normalised
 * query, and each filter's total (shared by all pages of a filter). The directory is the same for
 * every visitor (public fields of activated members only, decisions 007 and 008), so one cache
 * serves everyone. Any change drops everything: changes are rare, pages are cheap to rebuild.
 *
 * While the LISTEN connection is down the cache is off (`enabled = false`): changes made by other
 * processes would go unnoticed, so every read goes to the database.
 */
export class DirectoryCache {
  private readonly shared: Shared = { generation: 0, enabled: false, since: Date.now() };
  readonly pages = new KeyedCache<string>(this.shared);
  readonly totals = new KeyedCache<number>(this.shared);

  constructor(private readonly now: () => number = Date.now) {
    this.shared.since = now();
  }

  get enabled() {
    return this.shared.enabled;
  }

  set enabled(value: boolean) {
    if (value !== this.shared.enabled) this.invalidate();
    this.shared.enabled = value;
  }

  get generation() {
    return this.shared.generation;
  }

  /** Drops the cache if it is older than MAX_AGE_MS; call before reading. */
  expire() {
    if (this.now() - this.shared.since >= MAX_AGE_MS) this.invalidate();
  }

  /** A change was announced by NOTIFY (another process, a script, or this process's own write). */
  announced() {
    this.invalidate();
  }

  /** Something the directory shows changed: forget everything, including loads under way. */
  invalidate() {
    this.shared.generation++;
    this.shared.since = this.now();
    this.pages.clear();
    this.totals.clear();
  }
}
