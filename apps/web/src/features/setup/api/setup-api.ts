import type { FirstAdminInput, SetupStatusResponse } from '@aesa/shared/setup';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageResponse } from '@aesa/shared/auth';
import { api } from '@/lib/api-client.ts';

/** GET /api/setup/status: whether the console's setup link still creates the first administrator. */
export const getSetupStatus = (token: string, signal?: AbortSignal) => api.get<SetupStatusResponse>('/setup/status', { query: { token }, signal });

export const setupStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['setup', 'status', token],
    queryFn: ({ signal }) => getSetupStatus(token, signal),
    enabled: token !== '',
    // The answer only changes by using the link: never refetch behind the form.
    staleTime: Infinity,
    retry: false,
  });

export const useSetupStatus = (token: string) => useQuery(setupStatusQueryOptions(token));

/** POST /api/setup/first-admin: uses the link once and creates the super admin. */
export const createFirstAdmin = (input: FirstAdminInput) => api.post<MessageResponse>('/setup/first-admin', input);
