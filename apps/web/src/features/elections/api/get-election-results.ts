import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { PositionResult, ResultsResponse } from '@/lib/elections.ts';

/**
 * GET /voting/elections/{id}/results: everyone once results are published, electoral admins
 * always; otherwise 403 with the server's reason (not published yet).
 */
export const getElectionResults = (electionId: string, signal?: AbortSignal) =>
  api.get<ResultsResponse>(`/voting/elections/${encodeURIComponent(electionId)}/results`, { signal });

export const electionResultsQueryKey = (electionId: string) => ['voting', 'results', electionId] as const;

export const electionResultsQueryOptions = (electionId: string) =>
  queryOptions({
    queryKey: electionResultsQueryKey(electionId),
    queryFn: async ({ signal }): Promise<PositionResult[]> => (await getElectionResults(electionId, signal)).results,
    // Live updates arrive over the socket; a re-read happens on each event, not on a timer.
    staleTime: 0,
  });

export function useElectionResults(electionId: string, enabled = true) {
  return useQuery({ ...electionResultsQueryOptions(electionId), enabled });
}
