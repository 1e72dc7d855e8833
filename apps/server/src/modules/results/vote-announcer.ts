/** How often at most one process announces votes of one election to the others. */
export const ANNOUNCE_EVERY_MS = 100;
const MAX_TRACKED = 1000;

/**
 * Tells the other processes that an election received votes: `NOTIFY aesa_votes, '<id>'`, sent
 * after the votes committed and coalesced to at most one per election per ANNOUNCE_EVERY_MS.
 * (A NOTIFY inside every vote transaction would hold PostgreSQL's global notify lock through each
 * commit, serialising all votes; see docs/LIVE-RESULTS.md.) If the process dies between a commit
 * and its announcement, the other processes' caches catch up at the next announcement for that
 * election or when their cache entry ages out (results-cache.ts, MAX_AGE_MS).
 */
export class VoteAnnouncer {
  private elections = new Map<string, { lastSent: number; timer?: NodeJS.Timeout }>();

  constructor(
    private readonly notify: (electionId: string) => Promise<unknown>,
    private readonly log: { error(obj: object, msg: string): void },
  ) {}

  voteCommitted(electionId: string) {
    let entry = this.elections.get(electionId);
    if (entry?.timer) return;
    if (!entry) {
      if (this.elections.size >= MAX_TRACKED) this.dropIdle();
      this.elections.set(electionId, (entry = { lastSent: 0 }));
    }
    const target = entry;
    const wait = Math.max(0, target.lastSent + ANNOUNCE_EVERY_MS - Date.now());
    target.timer = setTimeout(() => {
      target.timer = undefined;
      target.lastSent = Date.now();
      this.send(electionId);
    }, wait);
  }

  /** Sends what is still waiting (on shutdown, before the pool closes). */
  async flush() {
    const waiting: Promise<unknown>[] = [];
    for (const [id, entry] of this.elections) {
      if (!entry.timer) continue;
      clearTimeout(entry.timer);
      entry.timer = undefined;
      waiting.push(this.send(id));
    }
    await Promise.all(waiting);
  }

  private send(electionId: string) {
    return this.notify(electionId).catch((err: unknown) => this.log.error({ err }, 'live results: announcing votes failed'));
  }

  private dropIdle() {
    for (const [id, entry] of this.elections) if (!entry.timer) this.elections.delete(id);
  }
}
