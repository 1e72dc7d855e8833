import type { PositionResult } from '@aesa/shared/elections';
import type { ElectionMeta } from './results.queries.ts';

export interface CachedResults {
  meta: ElectionMeta | null;
  results: PositionResult[];
  /** The HTTP answer, serialised once per change: `{"success":true,...}`. Null when not found. */
  body: string | null;
  /** What a public viewer sees while voting is open: the last batch (tally-batches.ts). */
  publicResults: PositionResult[];
  /** Its HTTP answer, in the same shape as `body`. */
  publicBody: string | null;
}

const MAX_ENTRIES = 1000;
/**
 * A last resort only: announcements normally invalidate an entry within milliseconds. This bounds
 * how stale a process can be if an announcement is lost (a process killed between a vote's commit
 * and its NOTIFY).
 */
export const MAX_AGE_MS = 5000;

interface Entry {
  value?: CachedResults;
  loadedAt: number;
  pending?: Promise<CachedResults>;
}

/**
 * The results of each election, kept in this process until a vote or an election change is
 * announced (local call, or NOTIFY from any process). Reads of one election share one query
 * while it runs. A read that started before an invalidation is answered but never stored, so the
 * cache cannot keep a value older than the last announcement. While the LISTEN connection is down
 * the cache is switched off (`enabled = false`): every read goes to the database, because changes
 * made by other processes would go unnoticed.
 */
export class ResultsCache {
  enabled = false;
  private entries = new Map<string, Entry>();
  private generation = 0;

  constructor(private readonly load: (electionId: string) => Promise<CachedResults>) {}

  /** The cached value without waiting, if there is one. */
  peek(electionId: string): CachedResults | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(electionId);
    return entry?.value && Date.now() - entry.loadedAt < MAX_AGE_MS ? entry.value : undefined;
  }

  get(electionId: string): Promise<CachedResults> {
    if (!this.enabled) return this.load(electionId);
    const hit = this.entries.get(electionId);
    if (hit?.value && Date.now() - hit.loadedAt < MAX_AGE_MS) return Promise.resolve(hit.value);
    if (hit?.pending) return hit.pending;
    const entry: Entry = hit ?? { loadedAt: 0 };
    if (!hit) {
      if (this.entries.size >= MAX_ENTRIES) this.clear();
      this.entries.set(electionId, entry);
    }
    const generation = this.generation;
    const startedAt = Date.now();
    const pending: Promise<CachedResults> = this.load(electionId).then(
      (value) => {
        if (entry.pending === pending) {
          entry.pending = undefined;
          // Unknown ids are not kept: random ids must not fill the memory.
          if (value.meta && generation === this.generation && this.enabled) {
            entry.value = value;
            entry.loadedAt = startedAt;
          }
          else if (!value.meta && this.entries.get(electionId) === entry) this.entries.delete(electionId);
        }
        return value;
      },
      (err: unknown) => {
        if (entry.pending === pending) entry.pending = undefined;
        throw err;
      },
    );
    entry.pending = pending;
    return pending;
  }

  invalidate(electionId: string) {
    const entry = this.entries.get(electionId);
    if (entry) {
      entry.value = undefined;
      entry.pending = undefined;
    }
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}
