import type { PositionResult } from '@aesa/shared/elections';

/** A batch of public tallies: candidate id -> votes as last shown to public viewers. */
export type TallyCounts = Record<string, number>;

const votesIn = (position: PositionResult, counts: TallyCounts) => position.candidates.reduce((n, c) => n + (counts[c.candidate_id] ?? 0), 0);
const liveVotesIn = (position: PositionResult) => position.candidates.reduce((n, c) => n + c.votes, 0);

/**
 * The next batch, or null when no position has gathered `minVotes` new votes since `previous`.
 * A position moves to its live counts only when at least `minVotes` votes were cast for it since
 * the last batch; the others keep their last published counts. Each voter votes at most once per
 * position, so every change a public viewer sees in a position mixes the votes of at least
 * `minVotes` different voters. Before the first batch every count is 0.
 */
export function nextBatch(live: PositionResult[], previous: TallyCounts | null, minVotes: number): TallyCounts | null {
  const before = previous ?? {};
  const next: TallyCounts = {};
  let moved = false;
  for (const position of live) {
    const take = liveVotesIn(position) - votesIn(position, before) >= minVotes;
    if (take) moved = true;
    for (const c of position.candidates) next[c.candidate_id] = take ? c.votes : (before[c.candidate_id] ?? 0);
  }
  return moved ? next : null;
}

/**
 * The results as a public viewer sees them while voting is open: today's positions and
 * candidates with the batch's counts (0 for a candidate the batch does not know, e.g. added
 * since). Ordered by those counts, then name and id, never by the live counts (an order by live
 * counts would leak them).
 */
export function batchedResults(live: PositionResult[], counts: TallyCounts | null): PositionResult[] {
  const batch = counts ?? {};
  return live.map((position) => ({
    position: position.position,
    candidates: position.candidates
      .map((c) => ({ candidate_id: c.candidate_id, candidate_name: c.candidate_name, votes: batch[c.candidate_id] ?? 0 }))
      .sort((a, b) => b.votes - a.votes || cmp(a.candidate_name, b.candidate_name) || cmp(a.candidate_id, b.candidate_id)),
  }));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
