import type { InstallWinnersResponse, WinnersPreviewResponse } from '@aesa/shared/schemas/election-winners';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { executivesQueryOptions } from '@/lib/executives.ts';
import { dataKeys } from '../../data/api/member-roles.ts';
import { electionKeys } from './elections-api.ts';

// GET /elections/{id}/winners: what installing would do; POST /elections/{id}/install-winners {year}.

const winnersKey = (id: string) => [...electionKeys.all, 'winners', id] as const;

export const useWinnersPreview = (id: string) =>
  useQuery({
    queryKey: winnersKey(id),
    queryFn: ({ signal }) => api.get<WinnersPreviewResponse>(`/elections/${encodeURIComponent(id)}/winners`, { signal }),
    retry: false,
    staleTime: 0,
  });

export function useInstallWinners(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: string) => api.post<InstallWinnersResponse>(`/elections/${encodeURIComponent(id)}/install-winners`, { year }),
    onSuccess: (answer) => {
      // The public About page and Home carousel read the new council from here at once: a
      // re-read could still get the browser's cached copy of GET /executives (public, one minute).
      queryClient.setQueryData(executivesQueryOptions().queryKey, answer.executives);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: winnersKey(id) });
      await queryClient.invalidateQueries({ queryKey: dataKeys.executives() });
    },
  });
}
