import type { Executive as ExecutiveResponseItem } from '@aesa/shared/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RETRIES, api, isApiError } from './api-client.ts';

// The current office holders (GET /executives, spec 01 §7), shared by the Home carousel and the
// About grid. Each screen turns a failure into its own words; this file only fetches and reads.

/** What the screens read of an office holder (GET /executives sends more). */
export type Executive = Pick<ExecutiveResponseItem, 'position' | 'user'> & { is_current?: boolean };

/** A position on screen: its current holder, or none (then the screen shows placeholders). */
export interface ExecutiveSlot {
  position: string;
  holder: Executive['user'] | null;
}

/** Shown for a position without a current holder (spec 01 §8 "a default bio"). */
export const DEFAULT_EXECUTIVE_BIO = 'This office will be introduced here once its holder takes up the role.';

function isExecutive(value: unknown): value is Executive {
  const v = value as Partial<Executive> | null;
  return !!v && typeof v.position === 'string' && !!v.user && typeof v.user.id === 'string';
}

/** The list as sent ({success, data[]}, a bare array or {executives[]}), current holders only. */
export function readExecutives(body: unknown): Executive[] {
  const source = Array.isArray(body)
    ? body
    : ((body as { data?: unknown; executives?: unknown } | null)?.data ??
      (body as { executives?: unknown } | null)?.executives);
  if (!Array.isArray(source)) return [];
  return source.filter(isExecutive).filter((e) => e.is_current !== false);
}

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
    queryFn: async ({ signal }) => readExecutives(await api.get('/executives', { signal, retries: RETRIES.executives })),
    staleTime: 60_000,
    // The API client already retries this call twice (spec 01 §9); no second layer of retries.
    retry: false,
  });

export function useExecutives() {
  return useQuery(executivesQueryOptions());
}
