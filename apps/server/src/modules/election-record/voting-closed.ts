/**
 * The refusal the trigger `election_participations_refuse_closed` raises (migration 0012): the
 * election's record was closed, so no participation (and so no ballot) may be added. The trigger
 * locks the election row KEY SHARE with a fresh snapshot, so a vote either commits before the
 * close reads the ballots (and is in the record) or sees the close and is refused: never counted
 * but missing from the record.
 */
export const VOTING_CLOSED_MESSAGE = 'election_voting_closed';

export function isVotingClosedError(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === 'P0001' && e.message === VOTING_CLOSED_MESSAGE;
}
