import { POSITIONS } from '@aesa/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

// What the elections page and the voting page share: the shapes of the voting API (spec 01 §3,
// §7, from @aesa/shared/elections), the list of active elections, and the time status of an
// election (§4). Only TYPES come from the shared module: its values would bring zod (23 KB) into
// the public elections page, so the few texts and constants used at run time are repeated below
// (elections.test.ts checks that they match).

import type {
  ActiveCandidate as SharedActiveCandidate,
  ActiveElection as SharedActiveElection,
  ElectionStatus,
} from '@aesa/shared/elections';

export type {
  CandidateResult,
  ElectionStatus,
  MyVotesResponse,
  PositionResult,
  ResultsResponse,
  VotingStatusItem,
  WsServerMessage,
} from '@aesa/shared/elections';

/**
 * A candidate as the screens read it: defensively, since a card must cope with a missing user id
 * ("Profile not available for this candidate") or name ("Candidate {id}", spec 01 §8), and the
 * voting page shows any other position a candidate stands for (spec 01 §3).
 */
export type ActiveCandidate = Omit<SharedActiveCandidate, 'user_id' | 'position' | 'users'> & {
  user_id: string | null;
  position: string;
  users: { name: string | null; profile_image_url: string | null; bio: string | null } | null;
};

export type ActiveElection = Omit<SharedActiveElection, 'candidates'> & { candidates: ActiveCandidate[] };

export interface ActiveElectionsResponse {
  success: boolean;
  active_elections: ActiveElection[];
}

/** WS_PATH of @aesa/shared/elections. */
export const WS_PATH = '/ws';

// ---------------------------------------------------------------------------------------------

/**
 * The time status from a clock (spec 01 §4): upcoming before start, active from start to end
 * inclusive, ended after. The browser clock is for display only: the server decides every vote.
 */
export function electionTimeStatus(start: string, end: string, now: number): ElectionStatus {
  if (now < new Date(start).getTime()) return 'upcoming';
  if (now > new Date(end).getTime()) return 'ended';
  return 'active';
}

export const STATUS_BADGE: Record<ElectionStatus, string> = {
  upcoming: 'Upcoming',
  active: 'Voting Open',
  ended: 'Voting Ended',
};

/** Texts the server answers for a closed election (ELECTION_MSG.notStarted / .ended), shown before any attempt. */
export const CLOSED_MESSAGE: Record<Exclude<ElectionStatus, 'active'>, string> = {
  upcoming: 'Voting has not started yet',
  ended: 'Voting has ended for this election',
};

/** The spec's ten positions, then any other position a candidate stands for (spec 01 §3). */
export function orderedPositions(candidates: readonly { position: string }[]): string[] {
  const known = new Set<string>(POSITIONS);
  const extra: string[] = [];
  for (const c of candidates) {
    if (!known.has(c.position) && !extra.includes(c.position)) extra.push(c.position);
  }
  return [...POSITIONS, ...extra];
}

// ---------------------------------------------------------------------------------------------

/** GET /voting/elections/active (no auth): active first, then upcoming, then recently ended. */
export const getActiveElections = (signal?: AbortSignal) =>
  api.get<ActiveElectionsResponse>('/voting/elections/active', { signal });

export const activeElectionsQueryOptions = () =>
  queryOptions({
    queryKey: ['voting', 'active-elections'],
    queryFn: async ({ signal }) => {
      const res = await getActiveElections(signal);
      return Array.isArray(res?.active_elections) ? res.active_elections : [];
    },
  });

export function useActiveElections() {
  return useQuery(activeElectionsQueryOptions());
}
