// The member's own voting status per position: the ballot reads it, and the elections page tells
// the member what they have done with it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import type { MyVotesResponse, VotingStatusItem } from './elections.ts';

/** GET /voting/elections/{id}/my-votes: the member's own status, one item per position with candidates. */
export const getMyVotes = (electionId: string, signal?: AbortSignal) =>
  api.get<MyVotesResponse>(`/voting/elections/${encodeURIComponent(electionId)}/my-votes`, { signal });

export const myVotesQueryKey = (electionId: string, userId: string) => ['voting', 'my-votes', electionId, userId] as const;

export const myVotesQueryOptions = (electionId: string, userId: string) =>
  queryOptions({
    queryKey: myVotesQueryKey(electionId, userId),
    queryFn: async ({ signal }): Promise<VotingStatusItem[]> => (await getMyVotes(electionId, signal)).voting_status,
    // The server is the truth about what this member has voted: always re-read on a visit.
    staleTime: 0,
  });

export function useMyVotes(electionId: string, userId: string) {
  return useQuery(myVotesQueryOptions(electionId, userId));
}
