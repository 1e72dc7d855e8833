// Elections, candidates, voting, results and member roles: the request schemas both sides
// validate with and the texts they show; the answers' shapes are in schemas/elections.ts.
// Times travel as ISO 8601 strings with an offset (toISOString()).
import { z } from 'zod';
import { LIMITS, POSITIONS } from './constants.ts';

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
  MyVotesResponse,
  PositionResult,
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

/** What the server accepts on the socket (anything else is answered with an `error` event). */
export const wsClientMessageSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('join-election-room'), electionId: z.uuid({ error: ELECTION_MSG.electionNotFound }), token: z.string().max(300).optional() }),
  z.object({ event: z.literal('leave-election-room'), electionId: z.uuid({ error: ELECTION_MSG.electionNotFound }) }),
]);
