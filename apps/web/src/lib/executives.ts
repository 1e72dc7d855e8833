import type { Executive as ExecutiveResponseItem, ExecutivesResponse } from '@aesa/shared/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RETRIES, api, isApiError } from './api-client.ts';

// The current office holders (GET /executives), shared by the Home carousel and the
// About grid. Each screen turns a failure into its own words; this file only fetches and reads.

/** What the screens read of an office holder (GET /executives sends more). */
export type Executive = Pick<ExecutiveResponseItem, 'position' | 'user'>;

/** A position on screen: its current holder, or none (then the screen shows placeholders). */
export interface ExecutiveSlot {
  position: string;
  holder: Executive['user'] | null;
}

/** Shown for a position without a current holder (a default bio). */
export const DEFAULT_EXECUTIVE_BIO = 'This office will be introduced here once its holder takes up the role.';

/** One slot per position in the given order; the first current holder of a position fills it. */
export function slotsFor(positions: readonly string[], executives: readonly Executive[]): ExecutiveSlot[] {
  return positions.map((position) => ({
    position,
    holder: executives.find((e) => e.position === position)?.user ?? null,
  }));
}

/** No answer from the server at all (a dead connection or a blocked one), as opposed to an error answer. */
export function isConnectionError(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'cross-origin');
}

export const executivesQueryOptions = () =>
  queryOptions({
    queryKey: ['executives'],
    // The server sends current holders only.
    queryFn: async ({ signal }): Promise<Executive[]> => (await api.get<ExecutivesResponse>('/executives', { signal, retries: RETRIES.executives })).data,
    staleTime: 60_000,
    // The API client already retries this call twice; no second layer of retries.
    retry: false,
  });

export function useExecutives() {
  return useQuery(executivesQueryOptions());
}
