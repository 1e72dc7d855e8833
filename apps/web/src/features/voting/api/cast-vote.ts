import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { myVotesQueryKey } from './get-my-votes.ts';

export interface VoteInput {
  candidate_id: string;
  position: string;
}

export interface VoteResponse {
  success: boolean;
  message?: string;
  vote?: { election_id: string; candidate_id: string; position: string };
}

/** POST /voting/elections/{id}/vote {candidate_id, position}. Never retried: a vote is final. */
export const castVote = (electionId: string, input: VoteInput) =>
  api.post<VoteResponse>(`/voting/elections/${encodeURIComponent(electionId)}/vote`, input);

export function useCastVote(electionId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VoteInput) => castVote(electionId, input),
    // Success or refusal (already voted, closed, not eligible): re-read the server's truth.
    onSettled: () => queryClient.invalidateQueries({ queryKey: myVotesQueryKey(electionId, userId) }),
  });
}
