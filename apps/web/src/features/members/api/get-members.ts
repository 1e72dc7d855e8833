import { LIMITS } from '@aesa/shared/constants';
import type { DirectoryMember, MembersResponse } from '@aesa/shared/members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RETRIES, api } from '@/lib/api-client.ts';
import type { DirectoryFilters } from '../lib/directory-filters.ts';

// GET /members: the server filters and pages; one page of 12 at a time.

export type { DirectoryMember };

export interface MembersPage {
  members: DirectoryMember[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}


export const getMembers = async (filters: DirectoryFilters, signal?: AbortSignal): Promise<MembersPage> => {
  const limit = LIMITS.membersPerPage;
  const body = await api.get<MembersResponse>('/members', {
    signal,
    retries: RETRIES.members,
    query: {
      search: filters.search || undefined,
      level: filters.level || undefined,
      role: filters.role || undefined,
      skill: filters.skill || undefined,
      year: filters.year || undefined,
      page: filters.page,
      limit,
    },
  });
  return { members: body.data, total: body.total, page: body.page, limit: body.limit, totalPages: body.total_pages };
};

export const membersQueryOptions = (filters: DirectoryFilters) =>
  queryOptions({
    queryKey: ['members', filters],
    queryFn: ({ signal }) => getMembers(filters, signal),
    // The last page stays on screen while the next one loads: the grid does not flash.
    placeholderData: keepPreviousData,
    // The API client retries this call twice itself; no second layer of retries.
    retry: false,
  });

export function useMembers(filters: DirectoryFilters) {
  return useQuery(membersQueryOptions(filters));
}
