import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoteInput, VoteResponse } from '@aesa/shared/elections';
import { api } from '@/lib/api-client.ts';
import { myVotesQueryKey } from '@/lib/my-votes.ts';

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
