import type { PositionResult } from '@aesa/shared/elections';
import { KeyedCache } from '../../lib/keyed-cache.ts';
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

/**
 * The results of each election, kept in this process until a vote or an election change is
 * announced (local call, or NOTIFY from any process), by the rules of lib/keyed-cache.ts. What is
 * its own: one entry per election, loaded by `load`, and unknown ids never kept (random ids must
 * not fill the memory).
 */
export type ResultsCache = KeyedCache<CachedResults>;

export function resultsCache(load: (electionId: string) => Promise<CachedResults>): ResultsCache {
  return new KeyedCache<CachedResults>({ maxEntries: MAX_ENTRIES, maxAgeMs: MAX_AGE_MS, load, keep: (value) => value.meta !== null });
}
