import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

// Cache defaults: garbage collection after 5 minutes; 3 retries with exponential
// backoff capped at 30 s. A 4xx answer is not retried (it will not change), nor a cancelled call.
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (error.kind === 'abort' || (error.status >= 400 && error.status < 500))) return false;
  return failureCount < 3;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** After sign-out or an expired session: nothing a member saw while signed in stays cached. */
export function forgetSignedInData(client: QueryClient = queryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'site-config' });
}
