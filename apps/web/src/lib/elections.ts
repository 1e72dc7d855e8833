import { POSITIONS } from '@aesa/shared/constants';
import { ELECTION_MSG, type ActiveElectionsResponse, type EligibilityResponse, type ElectionStatus, type IneligibleReason } from '@aesa/shared/elections';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

// What the elections page and the voting page share: the shapes of the voting API (from
// @aesa/shared/elections, which holds no zod, so the public pages can use its rules and texts),
// the list of active elections, and the texts of an election's time status.

export type {
  ActiveCandidate,
  ActiveElection,
  ActiveElectionsResponse,
  CandidateResult,
  ElectionStatus,
  MyVotesResponse,
  PositionResult,
  ResultsResponse,
  VotingStatusItem,
  WsServerMessage,
} from '@aesa/shared/elections';

export { ELIGIBILITY_MSG, WS_PATH, electionStatus, eligibilityMessage, voterRuleLabel } from '@aesa/shared/elections';

/** Whether the signed-in member may vote in an election; reason says why not. */
export interface Eligibility {
  eligible: boolean;
  reason: IneligibleReason | null;
  /** With NOT_FINANCIAL: the session whose financial members may vote. */
  session?: string;
}

// ---------------------------------------------------------------------------------------------

export const STATUS_BADGE: Record<ElectionStatus, string> = {
  upcoming: 'Upcoming',
  active: 'Voting Open',
  ended: 'Voting Ended',
};

/** The server's own refusals for a closed election, shown before any attempt. */
export const CLOSED_MESSAGE: Record<Exclude<ElectionStatus, 'active'>, string> = {
  upcoming: ELECTION_MSG.notStarted,
  ended: ELECTION_MSG.ended,
};

/** The spec's ten positions, then any other position a candidate stands for. */
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
    queryFn: async ({ signal }) => (await getActiveElections(signal)).active_elections,
  });

export function useActiveElections() {
  return useQuery(activeElectionsQueryOptions());
}

// ---------------------------------------------------------------------------------------------

/** GET /elections/{id}/eligibility (signed in): whether this member may vote, and why not. */
export const getEligibility = (electionId: string, signal?: AbortSignal) =>
  api.get<EligibilityResponse>(`/elections/${encodeURIComponent(electionId)}/eligibility`, { signal });

export const eligibilityQueryOptions = (electionId: string, userId: string) =>
  queryOptions({
    queryKey: ['voting', 'eligibility', electionId, userId],
    queryFn: async ({ signal }): Promise<Eligibility> => {
      const { eligible, reason, session } = await getEligibility(electionId, signal);
      return { eligible, reason, session };
    },
    // A member verified a minute ago should see it on the next visit.
    staleTime: 0,
  });

/** Only for a signed-in member (userId set); the vote itself is still judged by the server. */
export function useEligibility(electionId: string, userId: string | null | undefined) {
  return useQuery({ ...eligibilityQueryOptions(electionId, userId ?? ''), enabled: !!electionId && !!userId });
}
