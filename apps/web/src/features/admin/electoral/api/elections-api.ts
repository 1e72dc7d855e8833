import type { PickerResponse } from '@aesa/shared/admin';
import type {
  Candidate,
  CandidateCreateInput,
  CandidateUpdateInput,
  ElectionCreateInput,
  CandidateListResponse,
  CandidateWriteResponse,
  Election,
  ElectionListResponse,
  ElectionResponse,
  ElectionWriteResponse,
} from '@aesa/shared/elections';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// Election management calls. The answers' types are the
// shared response schemas the server serialises through.

export const electionKeys = {
  all: ['admin', 'elections'] as const,
  list: () => [...electionKeys.all, 'list'] as const,
  detail: (id: string) => [...electionKeys.all, 'detail', id] as const,
  candidates: (id: string) => [...electionKeys.all, 'candidates', id] as const,
};

export async function listElections(signal?: AbortSignal): Promise<Election[]> {
  return (await api.get<ElectionListResponse>('/elections', { signal })).elections;
}

export const electionsQueryOptions = () =>
  queryOptions({ queryKey: electionKeys.list(), queryFn: ({ signal }) => listElections(signal), retry: false });

export const useElections = () => useQuery(electionsQueryOptions());

export const electionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: electionKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<ElectionResponse>(`/elections/${encodeURIComponent(id)}`, { signal })).election,
    retry: false,
  });

export const useElection = (id: string, enabled = true) => useQuery({ ...electionQueryOptions(id), enabled });

export async function listCandidates(id: string, signal?: AbortSignal): Promise<Candidate[]> {
  return (await api.get<CandidateListResponse>(`/elections/${encodeURIComponent(id)}/candidates`, { signal })).candidates;
}

export const candidatesQueryOptions = (id: string) =>
  queryOptions({ queryKey: electionKeys.candidates(id), queryFn: ({ signal }) => listCandidates(id, signal), retry: false });

export const useCandidates = (id: string) => useQuery(candidatesQueryOptions(id));

/** What the election form sends: the shared schema's output (POST takes it whole, PATCH any part). */
export type ElectionInput = ElectionCreateInput;

export const createElection = (input: ElectionInput) => api.post<ElectionWriteResponse>('/elections', input);
// A change or delete names the version it was made from (If-Match); a stale one is refused with 409 EDIT_CONFLICT.
export const updateElection = (id: string, version: number, input: Partial<ElectionInput>) =>
  api.patch<ElectionWriteResponse>(`/elections/${encodeURIComponent(id)}`, input, { version });
export const deleteElection = (id: string, version: number) => api.delete(`/elections/${encodeURIComponent(id)}`, undefined, { version });
export const publishResults = (id: string) =>
  api.post<ElectionWriteResponse>(`/elections/${encodeURIComponent(id)}/publish-results`, {});

/** What the candidate form sends when editing (the add form sends the member's user_id too). */
export type CandidateInput = CandidateUpdateInput;

export const addCandidate = (electionId: string, input: CandidateCreateInput) =>
  api.post<CandidateWriteResponse>(`/elections/${encodeURIComponent(electionId)}/candidates`, input);
export const updateCandidate = (electionId: string, candidateId: string, version: number, input: CandidateInput) =>
  api.patch<CandidateWriteResponse>(`/elections/${encodeURIComponent(electionId)}/candidates/${encodeURIComponent(candidateId)}`, input, { version });
export const removeCandidate = (electionId: string, candidateId: string, version: number) =>
  api.delete(`/elections/${encodeURIComponent(electionId)}/candidates/${encodeURIComponent(candidateId)}`, undefined, { version });

/** Refreshes every election view after a change. */
export function useInvalidateElections() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: electionKeys.all });
}

/** A mutation that refreshes the election views when it settles. */
export function useElectionMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const invalidate = useInvalidateElections();
  return useMutation({ mutationFn: fn, onSettled: () => invalidate() });
}

/** GET /api/admin/picker/users: members matching the search (name, e-mail or matric number). */
export const searchMembers = (search: string, signal?: AbortSignal) =>
  api.get<PickerResponse>('/admin/picker/users', { signal, query: { search: search.trim() || undefined, limit: 20 } });

export const useMemberSearch = (search: string) =>
  useQuery({
    queryKey: ['admin', 'picker', search.trim()],
    queryFn: ({ signal }) => searchMembers(search, signal),
    staleTime: 30_000,
    retry: false,
  });

// The election once voting has opened (decision 056).
export const extendVoting = (id: string, end_time: string) =>
  api.post<ElectionWriteResponse>(`/elections/${encodeURIComponent(id)}/extend`, { end_time });
export const closeVotingNow = (id: string) => api.post<ElectionWriteResponse>(`/elections/${encodeURIComponent(id)}/close-voting`, {});
export const archiveElection = (id: string) => api.post<ElectionWriteResponse>(`/elections/${encodeURIComponent(id)}/archive`, {});
export const publishFinalResults = (id: string) =>
  api.post<ElectionWriteResponse>(`/elections/${encodeURIComponent(id)}/publish-final-results`, {});
