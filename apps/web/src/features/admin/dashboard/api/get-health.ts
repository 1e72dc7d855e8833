import type { WireOf } from '@aesa/shared/schemas/envelope';
import type { healthResponse } from '@aesa/shared/schemas/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client.ts';

/** What GET /api/health says about the API and its database. */
export interface HealthState {
  /** The API answered at all (any HTTP status). */
  api: 'ok' | 'down';
  database: 'ok' | 'down';
}

export async function getHealth(signal?: AbortSignal): Promise<HealthState> {
  try {
    // A 200 answer is {status: 'ok'}: the API and its database both answered.
    await api.get<WireOf<typeof healthResponse>>('/health', { signal });
    return { api: 'ok', database: 'ok' };
  } catch (error) {
    // 503 is the API saying its database is away; no answer at all means the API is away.
    if (isApiError(error) && error.status > 0) return { api: 'ok', database: 'down' };
    return { api: 'down', database: 'down' };
  }
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: 60_000,
    staleTime: 30_000,
    retry: false,
  });

export const useHealth = () => useQuery(healthQueryOptions());
