import { LIMITS } from '@aesa/shared/constants';
import type { DirectoryMember, MembersResponse } from '@aesa/shared/members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RETRIES, api } from '@/lib/api-client.ts';
import type { DirectoryFilters } from '../lib/directory-filters.ts';

// GET /members (spec 01 §7): the server filters and pages; one page of 12 at a time.

export type { DirectoryMember };

export interface MembersPage {
  members: DirectoryMember[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** The page as sent (MembersResponse), or a bare array (spec 01 §7 allows both). */
export function readMembersPage(body: unknown, requested: { page: number; limit: number }): MembersPage {
  const value = (body ?? {}) as Partial<Record<keyof MembersResponse, unknown>>;
  const raw = Array.isArray(body) ? body : Array.isArray(value.data) ? value.data : [];
  const members = (raw as DirectoryMember[]).map((m) => ({
    ...m,
    member_roles: Array.isArray(m.member_roles) ? m.member_roles : [],
    user_skills: Array.isArray(m.user_skills) ? m.user_skills : [],
  }));
  const total = typeof value.total === 'number' ? value.total : members.length;
  const limit = typeof value.limit === 'number' && value.limit > 0 ? value.limit : requested.limit;
  const page = typeof value.page === 'number' ? value.page : requested.page;
  return { members, total, page, limit, totalPages: Math.ceil(total / limit) };
}

export const getMembers = async (filters: DirectoryFilters, signal?: AbortSignal): Promise<MembersPage> => {
  const limit = LIMITS.membersPerPage;
  const body = await api.get<MembersResponse | DirectoryMember[]>('/members', {
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
  return readMembersPage(body, { page: filters.page, limit });
};

export const membersQueryOptions = (filters: DirectoryFilters) =>
  queryOptions({
    queryKey: ['members', filters],
    queryFn: ({ signal }) => getMembers(filters, signal),
    // The last page stays on screen while the next one loads: the grid does not flash.
    placeholderData: keepPreviousData,
    // The API client retries this call twice itself (spec 01 §9).
    retry: false,
  });

export function useMembers(filters: DirectoryFilters) {
  return useQuery(membersQueryOptions(filters));
}
