import type { PickerResponse } from '@aesa/shared/admin';
import type {
  Candidate,
  CandidateListResponse,
  CandidateWriteResponse,
  Election,
  ElectionListResponse,
  ElectionResponse,
  ElectionWriteResponse,
} from '@aesa/shared/elections';
import type { Position } from '@aesa/shared/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// Election management calls (spec 02 §7 "Elections and candidates"). Lists may come as an array,
// {elections} or {data}; candidates as an array or {candidates}.

export const electionKeys = {
  all: ['admin', 'elections'] as const,
  list: () => [...electionKeys.all, 'list'] as const,
  detail: (id: string) => [...electionKeys.all, 'detail', id] as const,
  candidates: (id: string) => [...electionKeys.all, 'candidates', id] as const,
};

type ListShape<T, K extends string> = T[] | ({ [key in K]?: T[] } & { data?: T[] });

function listOf<T, K extends string>(body: ListShape<T, K> | undefined, key: K): T[] {
  if (Array.isArray(body)) return body;
  const value = (body as Record<string, unknown> | undefined)?.[key] ?? (body as { data?: unknown } | undefined)?.data;
  return Array.isArray(value) ? (value as T[]) : [];
}

export async function listElections(signal?: AbortSignal): Promise<Election[]> {
  return listOf(await api.get<ListShape<Election, 'elections'> | ElectionListResponse>('/elections', { signal }), 'elections');
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
  const body = await api.get<ListShape<Candidate, 'candidates'> | CandidateListResponse>(`/elections/${encodeURIComponent(id)}/candidates`, { signal });
  return listOf(body, 'candidates');
}

export const candidatesQueryOptions = (id: string) =>
  queryOptions({ queryKey: electionKeys.candidates(id), queryFn: ({ signal }) => listCandidates(id, signal), retry: false });

export const useCandidates = (id: string) => useQuery(candidatesQueryOptions(id));

export interface ElectionInput {
  title: string;
  description: string | null;
  start_time: string;
  end_time: string;
}

export const createElection = (input: ElectionInput) => api.post<ElectionWriteResponse>('/elections', input);
export const updateElection = (id: string, input: ElectionInput) =>
  api.patch<ElectionWriteResponse>(`/elections/${encodeURIComponent(id)}`, input);
export const deleteElection = (id: string) => api.delete(`/elections/${encodeURIComponent(id)}`);
export const publishResults = (id: string) =>
  api.post<ElectionWriteResponse>(`/elections/${encodeURIComponent(id)}/publish-results`, {});

export interface CandidateInput {
  position: Position;
  manifesto: string | null;
  candidate_image_url: string | null;
}

export const addCandidate = (electionId: string, input: CandidateInput & { user_id: string }) =>
  api.post<CandidateWriteResponse>(`/elections/${encodeURIComponent(electionId)}/candidates`, input);
export const updateCandidate = (electionId: string, candidateId: string, input: CandidateInput) =>
  api.patch<CandidateWriteResponse>(`/elections/${encodeURIComponent(electionId)}/candidates/${encodeURIComponent(candidateId)}`, input);
export const removeCandidate = (electionId: string, candidateId: string) =>
  api.delete(`/elections/${encodeURIComponent(electionId)}/candidates/${encodeURIComponent(candidateId)}`);

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
