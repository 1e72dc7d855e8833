import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { MyVotesResponse, VotingStatusItem } from '@/lib/elections.ts';

export interface MyVotes {
  status: VotingStatusItem[];
  /** The server's refusal before any attempt, when it tells (see MyVotesResponse.eligibility). */
  refusal: string | null;
}

/** GET /voting/elections/{id}/my-votes: the member's own status, one item per position with candidates. */
export const getMyVotes = (electionId: string, signal?: AbortSignal) =>
  api.get<MyVotesResponse>(`/voting/elections/${encodeURIComponent(electionId)}/my-votes`, { signal });

export const myVotesQueryKey = (electionId: string, userId: string) => ['voting', 'my-votes', electionId, userId] as const;

export const myVotesQueryOptions = (electionId: string, userId: string) =>
  queryOptions({
    queryKey: myVotesQueryKey(electionId, userId),
    queryFn: async ({ signal }): Promise<MyVotes> => {
      const res = await getMyVotes(electionId, signal);
      const eligibility = res?.eligibility;
      return {
        status: Array.isArray(res?.voting_status) ? res.voting_status : [],
        refusal: eligibility && eligibility.can_vote === false ? eligibility.reason || 'You cannot vote in this election.' : null,
      };
    },
    // The server is the truth about what this member has voted: always re-read on a visit.
    staleTime: 0,
  });

export function useMyVotes(electionId: string, userId: string) {
  return useQuery(myVotesQueryOptions(electionId, userId));
}
