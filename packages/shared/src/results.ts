// How a position's tallies read: each candidate's share of the position's votes, and whether the
// position has a winner, a tie or no votes yet. The results dialog, the install-winners step and
// any other reader use these, so a share or a winner is computed in one place only.

/**
 * A candidate's share of `total` votes in percent, rounded half up to one decimal (1 of 3 is
 * 33.3). Zero votes in all give 0 for everyone. Shares are rounded each on its own, so candidates
 * with the same votes always show the same share; the shares may therefore add up to 99.9 or
 * 100.1, which is more honest than nudging one of two tied candidates up.
 */
export function votePercent(votes: number, total: number): number {
  if (total <= 0 || votes <= 0) return 0;
  return Math.round((votes * 1000) / total) / 10;
}

/** "33.3%", and "50%" rather than "50.0%". */
export function formatPercent(percent: number): string {
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

export interface TalliedCandidate {
  candidate_id: string;
  candidate_name: string;
  votes: number;
}

/**
 * A position's outcome: one candidate ahead of all others ('winner'), several sharing the most
 * votes ('tie': the rules call a re-election), or no vote at all ('no-votes', also for an
 * unopposed candidate nobody voted for). With no candidates there is no outcome.
 */
export type PositionOutcome<C extends TalliedCandidate = TalliedCandidate> =
  | { kind: 'winner'; winner: C }
  | { kind: 'tie'; tied: C[]; votes: number }
  | { kind: 'no-votes' }
  | { kind: 'no-candidates' };

export function positionOutcome<C extends TalliedCandidate>(candidates: readonly C[]): PositionOutcome<C> {
  if (candidates.length === 0) return { kind: 'no-candidates' };
  const most = Math.max(...candidates.map((c) => c.votes));
  if (most <= 0) return { kind: 'no-votes' };
  const top = candidates.filter((c) => c.votes === most);
  return top.length === 1 ? { kind: 'winner', winner: top[0]! } : { kind: 'tie', tied: top, votes: most };
}

export interface CandidateShare<C extends TalliedCandidate = TalliedCandidate> {
  candidate: C;
  percent: number;
  /** 'winner' for the one candidate ahead, 'tied' for each of those sharing the most votes. */
  mark: 'winner' | 'tied' | null;
}

/** The position's total, each candidate's share and mark, in the given order. */
export function positionShares<C extends TalliedCandidate>(candidates: readonly C[]): { total: number; outcome: PositionOutcome<C>; shares: CandidateShare<C>[] } {
  const total = candidates.reduce((sum, c) => sum + c.votes, 0);
  const outcome = positionOutcome(candidates);
  const shares = candidates.map((candidate) => ({
    candidate,
    percent: votePercent(candidate.votes, total),
    mark:
      outcome.kind === 'winner' && outcome.winner === candidate
        ? ('winner' as const)
        : outcome.kind === 'tie' && outcome.tied.includes(candidate)
          ? ('tied' as const)
          : null,
  }));
  return { total, outcome, shares };
}

export const RESULTS_MSG = {
  winner: 'Winner',
  /** While voting is open the one ahead is not yet a winner. */
  leading: 'Leading',
  tie: 'Tie',
  tieNote: 'Tie: the rules call for a re-election for this position.',
  noVotes: 'No votes yet',
} as const;
