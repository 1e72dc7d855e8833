// Elections, candidates, voting, results and member roles: the request schemas both sides
// validate with and the texts they show; the answers' shapes are in schemas/elections.ts.
// Times travel as ISO 8601 strings with an offset (toISOString()).
import { POSITIONS } from './constants.ts';

export const ELECTION_MSG = {
  titleRequired: 'Title is required',
  startRequired: 'Start time is required',
  endRequired: 'End time is required',
  dateInvalid: 'Please enter a valid date and time',
  endBeforeStart: 'End time must be after start time',
  electionNotFound: 'Election not found',
  candidateNotFound: 'Candidate not found',
  memberNotFound: 'Member not found',
  memberRoleNotFound: 'Member role not found',
  positionInvalid: `Position must be one of: ${POSITIONS.join(', ')}`,
  candidateRequired: 'Please choose a candidate',
  /** The candidate form with no member chosen. */
  memberRequired: 'Please choose a member.',
  alreadyStanding: (name: string, position: string) => `${name || 'This member'} is already a candidate in this election (${position}). A member can stand only once per election.`,
  candidateHasVotes: 'This candidate has already received votes. Votes are final, so the candidate cannot be removed or moved to another position.',
  notActive: 'This election is not open for voting',
  notStarted: 'Voting has not started yet',
  ended: 'Voting has ended for this election',
  candidateNotInElection: 'This candidate is not standing in this election',
  candidateWrongPosition: (position: string) => `This candidate is not standing for ${position}`,
  notVerified: 'Only members verified by the association can vote. Please contact the Electoral Committee.',
  notCurrent: 'Only current members of the association can vote. Please contact the Electoral Committee.',
  alreadyVoted: (position: string) => `You have already voted for ${position}`,
  voteRecorded: (position: string) => `Your vote for ${position} has been recorded.`,
  resultsNotPublished: 'Results for this election have not been published yet.',
  resultsAlreadyPublished: 'Results for this election are already published.',
  resultsBeforeStart: 'Results cannot be published before voting starts.',
  resultsPublished: 'Results published',
  electionDeleted: 'Election deleted',
  candidateRemoved: 'Candidate removed',
  nothingToUpdate: 'Nothing to update',
  memberRoleNothingToUpdate: 'Send verified_by_admin or is_current to update a member role',
  urlInvalid: 'Image must be an uploaded file path (/uploads/...) or an http(s) URL',
  voterRuleInvalid: 'Voters must be "verified" (verified members) or "financial" (financial members of a session)',
  sessionRequired: 'Choose the session whose financial members may vote',
  sessionInvalid: 'A session is written as two consecutive years, like 2026-2027',
  sessionNotFound: (year: string) => `There is no session ${year}. Create it under Finance first.`,
  sessionOnlyForFinancial: 'A session is named only when the voters are financial members',
  voterRuleFrozen: 'Who may vote cannot be changed any more: the voter roll was frozen when voting opened.',
  notFinancial: (session: string) =>
    `Only financial members for ${session} may vote in this election. If you have paid your dues, ask the treasurer or the financial secretary to record your payment.`,
  // The lifecycle once voting has opened (decision 056).
  titleTaken: 'An election with this title already exists. Choose another title (the titles of archived elections may be used again).',
  openedNoDelete:
    'Voting has opened in this election, so it cannot be deleted: its ballots, voter roll and record are kept. Archive it instead once voting has closed.',
  startLocked: 'Voting has opened in this election, so its start time can no longer change.',
  endLocked: 'Voting has opened in this election: change its end with Extend Voting or Close Voting Now.',
  candidatesLocked: 'Voting has opened in this election, so candidates can no longer be added, removed or moved to another position.',
  notOpen: 'Voting is not open in this election.',
  extendNotLater: 'The new end must be later than the current end. To end voting earlier, use Close Voting Now.',
  archived: 'This election is archived and can no longer be changed.',
  archiveWhileOpen: 'Voting is open in this election: close voting first, then archive it.',
  archiveNotOpened: 'Voting has not opened in this election: it can be deleted instead.',
  finalBeforeClose: 'The final results can be published once voting has closed.',
  finalAlreadyPublished: 'The final results of this election are already published.',
  votingExtended: 'Voting extended',
  votingClosed: 'Voting closed',
  electionArchived: 'Election archived',
  finalResultsPublished: 'Final results published',
} as const;

// ---------------------------------------------------------------------------------------------
// The voter rule: who may vote in an election, chosen when it is created and fixed once its
// roll freezes. `verified`: a current member role verified by an admin (the rule of every
// election made before rules existed). `financial`: that AND a financial member of the named
// session (a payment for it whose status is approved).

export const VOTER_RULES = ['verified', 'financial'] as const;
export type VoterRule = (typeof VOTER_RULES)[number];

/** What the elections page and the admin screen say about an election's voters. */
export function voterRuleLabel(rule: VoterRule, session: string | null | undefined): string {
  return rule === 'financial' && session ? `Voters: financial members for ${session}` : 'Voters: verified members';
}

/** The admin form's choices. */
export const VOTER_RULE_OPTION: Record<VoterRule, string> = {
  verified: 'Verified members',
  financial: 'Financial members of a session',
};

// ---------------------------------------------------------------------------------------------
// Eligibility: whether a signed-in member may vote in an election, told before any ballot opens.
// The server stays the judge: the vote itself is refused (403) for the same reasons.

export const INELIGIBLE_REASONS = ['NOT_CURRENT_MEMBER', 'NOT_VERIFIED', 'NOT_FINANCIAL', 'NOT_ON_ROLL'] as const;
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number];

/**
 * Why a member may not vote, and whom to ask. Members are verified and their membership kept
 * current by the association's data admins (Admin Dashboard, Member Roles); the executives on the
 * About page can reach them; the Electoral Committee runs the election and its roll.
 */
export const ELIGIBILITY_MSG = {
  eligible: 'You can vote in this election.',
  title: 'You cannot vote in this election',
  NOT_VERIFIED:
    'Your membership has not been verified yet. Only members verified by the association can vote. Ask one of the association\u2019s executives (listed on the About page) to have your membership verified by the admins who keep the membership records.',
  NOT_CURRENT_MEMBER:
    'Your membership is not current. Only current members of the association can vote. Ask one of the association\u2019s executives (listed on the About page) to have your membership renewed by the admins who keep the membership records.',
  NOT_ON_ROLL:
    'You are not on this election\u2019s voter roll. The roll of eligible members was fixed when voting opened, so members verified later cannot vote in this election. If you think this is a mistake, contact the Electoral Committee.',
  /** The session is the election's (eligibility answers carry it with this reason). */
  NOT_FINANCIAL: ELECTION_MSG.notFinancial,
  /** Beside the disabled vote controls. */
  controlsDisabled: 'You can read the candidates, but the vote buttons are disabled for you: see why above.',
} as const;

/** Why a member may not vote, in words: NOT_FINANCIAL names the election's session. */
export function eligibilityMessage(reason: IneligibleReason, session?: string | null): string {
  if (reason === 'NOT_FINANCIAL') return ELIGIBILITY_MSG.NOT_FINANCIAL(session ?? 'this session');
  return ELIGIBILITY_MSG[reason];
}

// ---------------------------------------------------------------------------------------------
// Election status: computed from the server clock, the window is inclusive.

export type ElectionStatus = 'upcoming' | 'active' | 'ended';

export function electionStatus(start: Date | string, end: Date | string, now: Date): ElectionStatus {
  const t = now.getTime();
  if (t < new Date(start).getTime()) return 'upcoming';
  if (t > new Date(end).getTime()) return 'ended';
  return 'active';
}

export const ELECTION_STATUS_LABEL: Record<ElectionStatus, string> = { upcoming: 'Upcoming', active: 'Active', ended: 'Ended' };

/**
 * Which publish button an election offers: Publish Live Results while active,
 * Publish Final Results once ended, none before the start (the server refuses that) or once
 * the results are public.
 */
export function publishAction(
  election: { start_time: string; end_time: string; results_published: boolean; final_results_published: boolean; voting_closed: boolean },
  now: Date,
): 'live' | 'final' | null {
  const status = electionStatus(election.start_time, election.end_time, now);
  // Final results are the committee's own step after the close, even when live results were published.
  if (election.voting_closed || status === 'ended') return election.final_results_published ? null : 'final';
  if (status === 'active' && !election.results_published) return 'live';
  return null;
}

/** The Electoral screen's words for the lifecycle once voting has opened (decision 056). */
export const LIFECYCLE_TEXT = {
  extend: 'Extend Voting',
  closeNow: 'Close Voting Now',
  archive: 'Archive',
  archived: 'Archived',
  publishFinal: 'Publish Final Results',
  newEnd: 'New end date and time',
  extendIntro: (end: string) => `Voting is open until ${end}. Choose a later end; to end voting earlier, use Close Voting Now.`,
  confirmExtend: (title: string, end: string) => `Extend voting in "${title}" until ${end}? The election record will show the old and the new end.`,
  confirmClose: (title: string) =>
    `Close voting in "${title}" now? Voting ends at once for everyone: no vote can be cast after this, the votes already cast are counted, and the end time becomes now. This cannot be undone.`,
  confirmArchive: (title: string) =>
    `Archive "${title}"? It disappears from the public pages. Its ballots, voter roll and election record are kept, and its bulletin board stays available at its address. This cannot be undone.`,
  confirmFinal: (title: string) =>
    `Publish the final results of "${title}"? This says the count is final: the bulletin board and the election record become public.`,
  timesLocked: 'Voting has opened: the start can no longer change, and the end changes with Extend Voting or Close Voting Now.',
} as const;

/**
 * What the Electoral screen offers on an election (the server decides again): Extend Voting and
 * Close Voting Now while voting is open; Archive once it has closed; Delete before it opened.
 */
export function lifecycleActions(
  election: { start_time: string; end_time: string; is_active: boolean; voting_opened: boolean; voting_closed: boolean; archived_at: string | Date | null },
  now: Date,
) {
  const status = electionStatus(election.start_time, election.end_time, now);
  const archived = election.archived_at !== null;
  const opened = election.voting_opened || (election.is_active && status !== 'upcoming');
  const closed = election.voting_closed || (opened && status === 'ended');
  const open = opened && !closed && election.is_active;
  return { archived, opened, open, canExtend: !archived && open, canClose: !archived && open, canArchive: !archived && opened && closed, canDelete: !opened };
}

// Request schemas (zod) are in schemas/elections.ts, so that this module holds no zod and the
// web's public pages can use its rules and texts without it.
export type { CandidateCreateInput, CandidateUpdateInput, ElectionCreateInput, ElectionUpdateInput, VoteInput } from './schemas/elections.ts';

// Response shapes: zod schemas in schemas/elections.ts (the server serialises through them);
// their wire types are re-exported here for the code that only needs the types.
export type {
  ActiveCandidate,
  ActiveElection,
  ActiveElectionsResponse,
  Candidate,
  CandidateListResponse,
  CandidateResult,
  CandidateUser,
  CandidateWriteResponse,
  DeletedResponse,
  Election,
  ElectionListResponse,
  ElectionResponse,
  ElectionWithCandidates,
  ElectionWriteResponse,
  MemberRole,
  MemberRoleListResponse,
  MemberRoleWriteResponse,
  EligibilityResponse,
  MyVotesResponse,
  PositionResult,
  ReceiptCheckResponse,
  ResultsResponse,
  VoteResponse,
  VotingStatusItem,
} from './schemas/elections.ts';
import type { PositionResult } from './schemas/elections.ts';

// ---------------------------------------------------------------------------------------------
// Live results WebSocket at /ws (same origin only)

export type WsClientMessage =
  /** token: optional session token; an electoral admin's token lets the socket receive unpublished tallies. */
  | { event: 'join-election-room'; electionId: string; token?: string }
  | { event: 'leave-election-room'; electionId: string };

export type WsServerMessage =
  /** Answer to a join: the room is joined; the current status. */
  | { event: 'joined'; electionId: string; status: ElectionStatus; results_published: boolean }
  /** At most about 4 a second per election; sent only to sockets allowed to see the results. */
  | { event: 'vote-update'; electionId: string; results: PositionResult[] }
  /** On publish, on open and end of the window, on edits; status 'deleted' when the election is removed. */
  | { event: 'election-status-change'; electionId: string; status: ElectionStatus | 'deleted'; results_published: boolean }
  | { event: 'error'; error: string };

export const WS_PATH = '/ws';
