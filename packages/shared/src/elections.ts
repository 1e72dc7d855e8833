// Elections, candidates, voting, results and member roles: the zod schemas both sides validate
// with, the texts they show, and the exact JSON shapes the server answers (spec 01 §3-§4, §7,
// 02 §3-§5, §7). Times travel as ISO 8601 strings with an offset (toISOString()).
import { z } from 'zod';
import { LIMITS, POSITIONS, type Position } from './constants.ts';

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
} as const;

// ---------------------------------------------------------------------------------------------
// Election status (spec 01 §4, 02 §4): computed from the server clock, the window is inclusive.

export type ElectionStatus = 'upcoming' | 'active' | 'ended';

export function electionStatus(start: Date | string, end: Date | string, now: Date): ElectionStatus {
  const t = now.getTime();
  if (t < new Date(start).getTime()) return 'upcoming';
  if (t > new Date(end).getTime()) return 'ended';
  return 'active';
}

// ---------------------------------------------------------------------------------------------
// Input schemas

/** NUL cannot be stored in PostgreSQL text; it never means anything in a form, so it is dropped. */
const withoutNul = (s: string) => s.replaceAll('\u0000', '');

const dateTimeField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    // An explicit offset (Z or +01:00): a bare local time would depend on the server's zone.
    .pipe(z.iso.datetime({ offset: true, error: ELECTION_MSG.dateInvalid }));

const optionalText = (max: number) =>
  z
    .string()
    .overwrite(withoutNul)
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

/** An uploaded file path or an http(s) URL; never javascript: or data: (it ends up in an <img src>). */
const imageUrlField = z
  .string()
  .trim()
  .max(LIMITS.urlMax)
  .refine((v) => v === '' || /^\/uploads\/[A-Za-z0-9._/-]+$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), { error: ELECTION_MSG.urlInvalid })
  .nullish()
  .transform((v) => (v ? v : null));

export const positionField = z.enum(POSITIONS, { error: ELECTION_MSG.positionInvalid });

const electionFields = {
  title: z.string({ error: ELECTION_MSG.titleRequired }).overwrite(withoutNul).trim().min(1, { error: ELECTION_MSG.titleRequired }).max(LIMITS.titleMax, { error: `Title must be at most ${LIMITS.titleMax} characters` }),
  description: optionalText(LIMITS.textMax),
  start_time: dateTimeField(ELECTION_MSG.startRequired),
  end_time: dateTimeField(ELECTION_MSG.endRequired),
  /** Listed on the voting page and open for votes in its window (default true). */
  is_active: z.boolean().optional(),
  /** Shown to non-admins at all (default true); a hidden election answers 404 to them. */
  is_publicly_visible: z.boolean().optional(),
};

const endAfterStart = (v: { start_time?: string; end_time?: string }) =>
  !v.start_time || !v.end_time || new Date(v.end_time).getTime() > new Date(v.start_time).getTime();

/** POST /api/elections (the admin election form, 02 §5, plus our end-after-start check). */
export const electionCreateSchema = z.object(electionFields).refine(endAfterStart, { error: ELECTION_MSG.endBeforeStart, path: ['end_time'] });

/** PATCH /api/elections/{id}: any subset; the server checks end-after-start on the merged values. */
export const electionUpdateSchema = z
  .object({
    title: electionFields.title.optional(),
    description: electionFields.description.optional(),
    start_time: electionFields.start_time.optional(),
    end_time: electionFields.end_time.optional(),
    is_active: electionFields.is_active,
    is_publicly_visible: electionFields.is_publicly_visible,
  })
  .refine(endAfterStart, { error: ELECTION_MSG.endBeforeStart, path: ['end_time'] });

/** POST /api/elections/{id}/candidates. Only the ten positions of POSITIONS are accepted. */
export const candidateCreateSchema = z.object({
  user_id: z.uuid({ error: ELECTION_MSG.memberNotFound }),
  position: positionField,
  manifesto: optionalText(LIMITS.textMax),
  candidate_image_url: imageUrlField,
});

/** PATCH /api/elections/{id}/candidates/{candidateId}. */
export const candidateUpdateSchema = z.object({
  position: positionField.optional(),
  manifesto: optionalText(LIMITS.textMax).optional(),
  candidate_image_url: imageUrlField.optional(),
});

/** POST /api/voting/elections/{id}/vote (spec 01 §3 Vote). */
export const voteSchema = z.object({
  candidate_id: z.uuid({ error: ELECTION_MSG.candidateRequired }),
  position: positionField,
});

/** PATCH /api/admin/member-roles/{id} (02 §4: the two toggles flip independently). */
export const memberRoleUpdateSchema = z
  .object({ verified_by_admin: z.boolean().optional(), is_current: z.boolean().optional() })
  .refine((v) => v.verified_by_admin !== undefined || v.is_current !== undefined, { error: ELECTION_MSG.memberRoleNothingToUpdate });

/** GET /api/admin/member-roles query. */
export const memberRoleListQuery = z.object({
  search: z.string().overwrite(withoutNul).trim().max(100).optional(),
  verified: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export type ElectionCreateInput = z.infer<typeof electionCreateSchema>;
export type ElectionUpdateInput = z.infer<typeof electionUpdateSchema>;
export type CandidateCreateInput = z.infer<typeof candidateCreateSchema>;
export type CandidateUpdateInput = z.infer<typeof candidateUpdateSchema>;
export type VoteInput = z.infer<typeof voteSchema>;

// ---------------------------------------------------------------------------------------------
// Response shapes (every success also carries success: true)

export interface Election {
  id: string;
  title: string;
  description: string | null;
  start_time: string;
  end_time: string;
  is_active: boolean;
  is_publicly_visible: boolean;
  results_published: boolean;
  created_at: string;
  /** From the server clock at answer time. */
  status: ElectionStatus;
}

/** users of a candidate. matric_number is present only for electoral admins; no e-mail address for anyone. */
export interface CandidateUser {
  name: string;
  profile_image_url: string | null;
  bio: string | null;
  matric_number?: string;
}

/** A candidate as the election endpoints answer it. Never carries a tally (see results). */
export interface Candidate {
  id: string;
  election_id: string;
  user_id: string;
  position: Position;
  manifesto: string | null;
  candidate_image_url: string | null;
  users: CandidateUser;
}

export interface ElectionWithCandidates extends Election {
  candidates: Candidate[];
}

/** GET /api/elections */
export interface ElectionListResponse {
  success: true;
  elections: Election[];
}
/** GET /api/elections/{id} (candidates included, in POSITIONS order) */
export interface ElectionResponse {
  success: true;
  election: ElectionWithCandidates;
}
/** POST /api/elections (201), PATCH /api/elections/{id}, POST .../publish-results */
export interface ElectionWriteResponse {
  success: true;
  election: Election;
  message?: string;
}
/** GET /api/elections/{id}/candidates */
export interface CandidateListResponse {
  success: true;
  candidates: Candidate[];
}
/** POST (201) and PATCH of a candidate */
export interface CandidateWriteResponse {
  success: true;
  candidate: Candidate;
}
/** DELETE of an election or a candidate */
export interface DeletedResponse {
  success: true;
  message: string;
}

/** A candidate on the voting page (GET /api/voting/elections/active): no e-mail, no matric. */
export interface ActiveCandidate {
  id: string;
  user_id: string;
  position: Position;
  manifesto: string | null;
  candidate_image_url: string | null;
  users: { name: string; profile_image_url: string | null; bio: string | null };
}

export interface ActiveElection {
  id: string;
  title: string;
  description: string | null;
  start_time: string;
  end_time: string;
  is_active: boolean;
  results_published: boolean;
  status: ElectionStatus;
  candidates: ActiveCandidate[];
}

/** GET /api/voting/elections/active: active first, then upcoming, then recently ended. */
export interface ActiveElectionsResponse {
  success: true;
  active_elections: ActiveElection[];
}

/** POST /api/voting/elections/{id}/vote */
export interface VoteResponse {
  success: true;
  message: string;
  vote: { election_id: string; candidate_id: string; position: Position };
}

export interface VotingStatusItem {
  position: string;
  hasVoted: boolean;
  votedFor: { candidate_id: string; candidate_name: string } | null;
}
/** GET /api/voting/elections/{id}/my-votes: one item per position that has candidates. */
export interface MyVotesResponse {
  success: true;
  voting_status: VotingStatusItem[];
}

export interface CandidateResult {
  candidate_id: string;
  candidate_name: string;
  votes: number;
}
export interface PositionResult {
  position: string;
  /** Most votes first, then by name. */
  candidates: CandidateResult[];
}
/** GET /api/voting/elections/{id}/results: positions with candidates, in POSITIONS order. */
export interface ResultsResponse {
  success: true;
  election_id: string;
  results_published: boolean;
  results: PositionResult[];
}

export interface MemberRole {
  id: string;
  user_id: string;
  role_name: string;
  role_type: string;
  associated_year_range: string | null;
  associated_position: string | null;
  is_current: boolean;
  verified_by_admin: boolean;
  created_at: string;
  updated_at: string;
  users: { name: string; matric_number: string };
}
/** GET /api/admin/member-roles */
export interface MemberRoleListResponse {
  success: true;
  data: MemberRole[];
  total: number;
  limit: number;
  offset: number;
}
/** PATCH /api/admin/member-roles/{id} */
export interface MemberRoleWriteResponse {
  success: true;
  member_role: MemberRole;
}

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

/** What the server accepts on the socket (anything else is answered with an `error` event). */
export const wsClientMessageSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('join-election-room'), electionId: z.uuid({ error: ELECTION_MSG.electionNotFound }), token: z.string().max(300).optional() }),
  z.object({ event: z.literal('leave-election-room'), electionId: z.uuid({ error: ELECTION_MSG.electionNotFound }) }),
]);
