import * as z from 'zod';
import { versionField, versionSchema } from './edit-version.ts';
import { LIMITS, POSITIONS } from '../constants.ts';
import { ELECTION_MSG, INELIGIBLE_REASONS, VOTER_RULES } from '../elections.ts';
import { idSchema, okMessageSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';
import { coded } from './coded.ts';

// The requests and answers of the election, voting, results and member-role routes, and the
// live results socket's messages. The types the web reads are derived from these schemas
// (elections.ts re-exports them), so server and client share one shape.
// ---------------------------------------------------------------------------------------------
// Requests

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
  /**
   * Who may vote (default verified): verified members, or financial members of `session`. The
   * server checks that a financial rule names a session that exists (400 ELECTION_SESSION_REQUIRED,
   * ELECTION_SESSION_NOT_FOUND) and refuses a change once the roll is frozen (409).
   */
  voter_rule: z.enum(VOTER_RULES, { error: ELECTION_MSG.voterRuleInvalid }).optional(),
  /** The session's year ("2026-2027"), with voter_rule financial only; null or empty for none. */
  session: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.string().regex(/^\d{4}-\d{4}$/, { error: ELECTION_MSG.sessionInvalid }).nullable())
    .describe('The academic session whose financial members may vote, by its year (2026-2027); only with voter_rule financial.'),
};

const endAfterStart = (v: { start_time?: string; end_time?: string }) =>
  !v.start_time || !v.end_time || new Date(v.end_time).getTime() > new Date(v.start_time).getTime();

/**
 * The admin election form: the route's fields without the end-after-start check, which
 * the specification leaves to the server (its message comes back under the end time).
 */
export const electionFormSchema = z.object(electionFields);
/** POST /api/elections (the admin election form, plus our end-after-start check). */
export const electionCreateSchema = electionFormSchema.refine(endAfterStart, { ...coded('ELECTION_END_BEFORE_START'), path: ['end_time'] });

/** PATCH /api/elections/{id}: any subset; the server checks end-after-start on the merged values. */
export const electionUpdateSchema = z
  .object({
    title: electionFields.title.optional(),
    description: electionFields.description.optional(),
    start_time: electionFields.start_time.optional(),
    end_time: electionFields.end_time.optional(),
    is_active: electionFields.is_active,
    is_publicly_visible: electionFields.is_publicly_visible,
    voter_rule: electionFields.voter_rule,
    session: electionFields.session.optional(),
    ...versionField,
  })
  .refine(endAfterStart, { ...coded('ELECTION_END_BEFORE_START'), path: ['end_time'] });

/** POST /api/elections/{id}/extend: the new end, later than the current one. */
export const electionExtendSchema = z.object({ end_time: dateTimeField(ELECTION_MSG.endRequired) });
export type ElectionExtendInput = z.infer<typeof electionExtendSchema>;

/** POST /api/elections/{id}/candidates. Only the ten positions of POSITIONS are accepted. */
export const candidateCreateSchema = z.object({
  user_id: z.uuid({ error: ELECTION_MSG.memberNotFound }),
  position: positionField,
  manifesto: optionalText(LIMITS.textMax),
  candidate_image_url: imageUrlField,
});

/** The Add Candidate form: the route's schema, saying what to do when no member is chosen yet. */
export const candidateFormSchema = candidateCreateSchema.extend({ user_id: z.uuid({ error: ELECTION_MSG.memberRequired }) });

/** PATCH /api/elections/{id}/candidates/{candidateId}. */
export const candidateUpdateSchema = z.object({
  position: positionField.optional(),
  manifesto: optionalText(LIMITS.textMax).optional(),
  candidate_image_url: imageUrlField.optional(),
  ...versionField,
});

/** POST /api/voting/elections/{id}/vote. */
export const voteSchema = z.object({
  candidate_id: z.uuid({ error: ELECTION_MSG.candidateRequired }),
  position: positionField,
});

/** PATCH /api/admin/member-roles/{id} (the two toggles flip independently). */
export const memberRoleUpdateSchema = z
  .object({ verified_by_admin: z.boolean().optional(), is_current: z.boolean().optional(), ...versionField })
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

/** What the server accepts on the socket (anything else is answered with an `error` event). */
export const wsClientMessageSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('join-election-room'), electionId: z.uuid({ error: ELECTION_MSG.electionNotFound }), token: z.string().max(300).optional() }),
  z.object({ event: z.literal('leave-election-room'), electionId: z.uuid({ error: ELECTION_MSG.electionNotFound }) }),
]);

// ---------------------------------------------------------------------------------------------
// Answers

const position = z.enum(POSITIONS);
const electionStatus = z.enum(['upcoming', 'active', 'ended']);

export const electionSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string().nullable(),
  start_time: timestampSchema,
  end_time: timestampSchema,
  is_active: z.boolean(),
  is_publicly_visible: z.boolean(),
  results_published: z.boolean(),
  /** The committee declared the count final (after the close): the board and the record are public. */
  final_results_published: z.boolean(),
  /** Voting has opened: the roll is frozen and the record's opening entry written. */
  voting_opened: z.boolean(),
  /** Voting has closed (at the end, switched off, or closed early): the record holds the ballots. */
  voting_closed: z.boolean(),
  /** Archived elections are listed only to electoral admins. */
  archived_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  status: electionStatus.describe('From the server clock at answer time.'),
  voter_rule: z.enum(VOTER_RULES).describe('Who may vote: verified members, or financial members of `session`.'),
  session: z.string().nullable().describe('With voter_rule financial: the session (2026-2027) whose financial members may vote; null otherwise.'),
  version: versionSchema,
});

/** matric_number only for electoral admins; no e-mail address for anyone. */
export const candidateUserSchema = z.object({
  name: z.string(),
  profile_image_url: z.string().nullable(),
  bio: z.string().nullable(),
  matric_number: z.string().optional(),
});

/** A candidate as the election routes answer it. Never carries a tally (see results). */
export const candidateSchema = z.object({
  id: idSchema,
  election_id: idSchema,
  user_id: idSchema,
  position,
  manifesto: z.string().nullable(),
  candidate_image_url: z.string().nullable(),
  version: versionSchema,
  users: candidateUserSchema,
});

export const electionWithCandidatesSchema = electionSchema.extend({ candidates: z.array(candidateSchema) });

export const electionListResponse = okSchema({ elections: z.array(electionSchema) });
export const electionResponse = okSchema({ election: electionWithCandidatesSchema });
export const electionWriteResponse = okSchema({ election: electionSchema, message: z.string().optional() });
export const candidateListResponse = okSchema({ candidates: z.array(candidateSchema) });
export const candidateWriteResponse = okSchema({ candidate: candidateSchema });
export const deletedResponse = okMessageSchema;

/** A candidate on the voting page: no e-mail, no matric number. */
export const activeCandidateSchema = candidateSchema.omit({ election_id: true, version: true }).extend({ users: candidateUserSchema.omit({ matric_number: true }) });

/** An election on the voting page: its window and state, and its candidates. */
export const activeElectionSchema = electionSchema
  .pick({ id: true, title: true, description: true, start_time: true, end_time: true, is_active: true, results_published: true, status: true, voter_rule: true, session: true })
  .extend({ candidates: z.array(activeCandidateSchema) });

/** Active first, then upcoming, then recently ended. */
export const activeElectionsResponse = okSchema({ active_elections: z.array(activeElectionSchema) });

export const voteResponse = okSchema({
  message: z.string(),
  vote: z.object({ election_id: idSchema, candidate_id: idSchema, position }),
  /** The ballot's receipt (packages/shared/src/receipts.ts): shown to the voter once, kept on their device. */
  receipt: z.string(),
});

export const votingStatusItemSchema = z.object({
  position: z.string(),
  /** From the member's participation record. */
  hasVoted: z.boolean(),
  /** Always null: ballots carry no voter, so the server cannot say whom a member chose (the device's receipts can). */
  votedFor: z.object({ candidate_id: idSchema, candidate_name: z.string() }).nullable(),
});
/** One item per position that has candidates. */
export const myVotesResponse = okSchema({ voting_status: z.array(votingStatusItemSchema) });

/** Whether the signed-in member may vote in the election, and if not, why (ELIGIBILITY_MSG says it in words). */
export const eligibilityResponse = okSchema({
  eligible: z.boolean(),
  reason: z.enum(INELIGIBLE_REASONS).nullable(),
  /** With NOT_FINANCIAL only: the session whose financial members may vote (its message names it). */
  session: z.string().optional(),
});

/** A receipt check: only whether a ballot with this receipt is counted in the election, never its candidate. */
export const receiptCheckResponse = okSchema({ status: z.enum(['counted', 'unknown']) });

export const candidateResultSchema = z.object({ candidate_id: idSchema, candidate_name: z.string(), votes: z.number().int() });
/** Most votes first, then by name. */
export const positionResultSchema = z.object({ position: z.string(), candidates: z.array(candidateResultSchema) });
/** Positions with candidates, in ballot order. */
export const resultsResponse = okSchema({
  election_id: idSchema,
  results_published: z.boolean(),
  results: z.array(positionResultSchema),
});

export const memberRoleSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  role_name: z.string(),
  role_type: z.string(),
  associated_year_range: z.string().nullable(),
  associated_position: z.string().nullable(),
  is_current: z.boolean(),
  verified_by_admin: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  version: versionSchema,
  users: z.object({ name: z.string(), matric_number: z.string() }),
});
export const memberRoleListResponse = okSchema({ data: z.array(memberRoleSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export const memberRoleWriteResponse = okSchema({ member_role: memberRoleSchema });

export type Election = WireOf<typeof electionSchema>;
export type CandidateUser = WireOf<typeof candidateUserSchema>;
export type Candidate = WireOf<typeof candidateSchema>;
export type ElectionWithCandidates = WireOf<typeof electionWithCandidatesSchema>;
export type ElectionListResponse = WireOf<typeof electionListResponse>;
export type ElectionResponse = WireOf<typeof electionResponse>;
export type ElectionWriteResponse = WireOf<typeof electionWriteResponse>;
export type CandidateListResponse = WireOf<typeof candidateListResponse>;
export type CandidateWriteResponse = WireOf<typeof candidateWriteResponse>;
export type DeletedResponse = WireOf<typeof deletedResponse>;
export type ActiveCandidate = WireOf<typeof activeCandidateSchema>;
export type ActiveElection = WireOf<typeof activeElectionSchema>;
export type ActiveElectionsResponse = WireOf<typeof activeElectionsResponse>;
export type VoteResponse = WireOf<typeof voteResponse>;
export type VotingStatusItem = WireOf<typeof votingStatusItemSchema>;
export type MyVotesResponse = WireOf<typeof myVotesResponse>;
export type EligibilityResponse = WireOf<typeof eligibilityResponse>;
export type ReceiptCheckResponse = WireOf<typeof receiptCheckResponse>;
export type CandidateResult = WireOf<typeof candidateResultSchema>;
export type PositionResult = WireOf<typeof positionResultSchema>;
export type ResultsResponse = WireOf<typeof resultsResponse>;
export type MemberRole = WireOf<typeof memberRoleSchema>;
export type MemberRoleListResponse = WireOf<typeof memberRoleListResponse>;
export type MemberRoleWriteResponse = WireOf<typeof memberRoleWriteResponse>;
