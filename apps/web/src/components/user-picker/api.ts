import { PICKER_MAX, type PickerResponse, type PickerUser } from '@aesa/shared/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// The user picker's one call: GET /admin/picker/users. The server does
// the matching: digits-only text matches the matric number by substring, other text the name or
// e-mail (case-insensitive); level by its digits ('300') or 'Alumni'; skill by substring.

export interface PickerFilters {
  search: string;
  level: string;
  skill: string;
}

function usersFrom(body: unknown): PickerUser[] {
  if (Array.isArray(body)) return body as PickerUser[];
  const record = body as { users?: unknown; data?: unknown } | undefined;
  const list = record?.users ?? record?.data;
  return Array.isArray(list) ? (list as PickerUser[]) : [];
}

/** GET /admin/picker/users?search=&level=&skill=&limit= (the answer is read as an array, users or data). */
export async function getPickerUsers(filters: PickerFilters, signal?: AbortSignal): Promise<PickerUser[]> {
  const body = await api.get<PickerResponse>('/admin/picker/users', {
    signal,
    query: {
      search: filters.search.trim() || undefined,
      level: filters.level || undefined,
      skill: filters.skill.trim() || undefined,
      limit: PICKER_MAX,
    },
  });
  return usersFrom(body);
}

export const pickerUsersQueryOptions = (filters: PickerFilters) =>
  queryOptions({
    queryKey: ['admin', 'picker', 'users', filters.search.trim(), filters.level, filters.skill.trim()] as const,
    queryFn: ({ signal }) => getPickerUsers(filters, signal),
    // The previous matches stay on screen while the next search loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });

export const usePickerUsers = (filters: PickerFilters, enabled = true) => useQuery({ ...pickerUsersQueryOptions(filters), enabled });
