import type { PositionPage } from './pages.ts';

/**
 * The positions still to vote on before voting counts as complete (the Voting
 * Incomplete check counts only positions with at least one candidate; unopposed positions and
 * positions with no candidates are handled automatically).
 *
 * Our reading, precisely:
 * - a position with no candidates has nothing to vote on: it is never missing;
 * - an unopposed position (exactly one candidate) is "handled automatically": the candidate is
 *   returned unopposed whatever the member does, so voting for them is offered (the card has its
 *   vote button and the UNOPPOSED badge) but skipping it never blocks completion. We never cast a
 *   vote on the member's behalf: a vote is final and only the member may cast it;
 * - so the check counts the contested positions (two candidates or more) that have no vote yet.
 *   Those are the positions "with at least one candidate" that are not handled automatically.
 *
 * `voted` holds the positions the server (my-votes) or a successful vote call says are voted.
 */
export function missingPositions(pages: readonly PositionPage[], voted: ReadonlySet<string>): PositionPage[] {
  return pages.filter((p) => p.status === 'contested' && !voted.has(p.position));
}
