import { KeyedCache } from '../../lib/keyed-cache.ts';

/** At most this many pages (and as many totals) are kept; the oldest goes first. About 3 KB a page. */
export const MAX_ENTRIES = 2000;
/**
 * A last resort only: every change is announced (a write request of this process, or NOTIFY
 * aesa_directory from the database triggers, migration 0002) and drops the whole cache at once.
 * This bounds how long a process could answer from a cache that missed an announcement.
 */
export const MAX_AGE_MS = 30_000;

/**
 * The members directory of this process: each page's serialised answer, keyed by the normalised
 * query, and each filter's total (shared by all pages of a filter). The directory is the same for
 * every visitor (public fields of activated members only, decisions 007 and 008), so one cache
 * serves everyone. What is its own here: any change drops both caches at once (changes are rare,
 * pages are cheap to rebuild). Everything else (shared loads, never keeping a load older than the
 * last change, off while LISTEN is down) is lib/keyed-cache.ts.
 */
export class DirectoryCache {
  readonly pages: KeyedCache<string>;
  readonly totals: KeyedCache<number>;
  /** Counts the invalidations (the tests wait for announcements to settle with it). */
  generation = 0;

  constructor(now?: () => number) {
    this.pages = new KeyedCache<string>({ maxEntries: MAX_ENTRIES, maxAgeMs: MAX_AGE_MS, now });
    this.totals = new KeyedCache<number>({ maxEntries: MAX_ENTRIES, maxAgeMs: MAX_AGE_MS, now });
  }

  get enabled() {
    return this.pages.enabled;
  }

  /** Off while the LISTEN connection is down; switching either way drops everything. */
  set enabled(value: boolean) {
    if (value !== this.pages.enabled) this.generation++;
    this.pages.enabled = value;
    this.totals.enabled = value;
  }

  /** A change was announced by NOTIFY (another process, a script, or this process's own write). */
  announced() {
    this.invalidate();
  }

  /** Something the directory shows changed: forget everything, including loads under way. */
  invalidate() {
    this.generation++;
    this.pages.clear();
    this.totals.clear();
  }
}
