import type { Clock } from '../../config.ts';
import { nextBatch, type TallyCounts } from './public-tallies.ts';
import type { CachedResults, ResultsCache } from './results-cache.ts';

export interface TallyRule {
  /** At most one batch per election per this many milliseconds. */
  batchMs: number;
  /** A position's public count moves only by at least this many new votes. */
  minVotes: number;
}

/**
 * Cuts the public batches of tallies while voting is open. A batch is cut lazily, when someone
 * who sees batches looks (a results read, or the live room's 1 s sweep), at most once per
 * `batchMs`, and only when some position gathered `minVotes` new votes (public-tallies.ts). The
 * batch lives in the database (election_tally_batches), so every process shows the same ones:
 * batches cut per process would differ, and comparing two processes' answers would reveal
 * single votes.
 */
export class TallyBatches {
  private pending = new Map<string, Promise<CachedResults>>();

  constructor(
    private readonly cache: ResultsCache,
    private readonly save: (electionId: string, counts: TallyCounts, cutAt: Date, previousCutAt: Date | null) => Promise<boolean>,
    private readonly clock: Clock,
    readonly rule: TallyRule,
    /** Told after a cut attempt (this process's rooms re-send; other processes hear the NOTIFY). */
    private readonly cut: (electionId: string) => void,
  ) {}

  /** `data`, or the results reloaded after cutting a new batch when one is due. */
  refresh(electionId: string, data: CachedResults): Promise<CachedResults> {
    const meta = data.meta;
    if (!meta) return Promise.resolve(data);
    const now = this.clock();
    if (meta.batch_cut_at && now.getTime() - new Date(meta.batch_cut_at).getTime() < this.rule.batchMs) return Promise.resolve(data);
    const counts = nextBatch(data.results, meta.batch_counts, this.rule.minVotes);
    if (!counts) return Promise.resolve(data);
    const running = this.pending.get(electionId);
    if (running) return running;
    const attempt = (async () => {
      try {
        await this.save(electionId, counts, now, meta.batch_cut_at ? new Date(meta.batch_cut_at) : null);
        // Cut here or by another process first: either way the stored batch changed.
        this.cut(electionId);
        return await this.cache.get(electionId);
      } finally {
        this.pending.delete(electionId);
      }
    })();
    this.pending.set(electionId, attempt);
    return attempt;
  }
}
