import { z } from 'zod';
import { POSITIONS } from '../constants.ts';
import { idSchema, okMessageSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';

// The answers of the election, voting and results routes. The types the web reads are derived
// from these schemas (elections.ts re-exports them), so server and client share one shape.

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
  created_at: timestampSchema,
  status: electionStatus.describe('From the server clock at answer time.'),
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
export const activeCandidateSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  position,
  manifesto: z.string().nullable(),
  candidate_image_url: z.string().nullable(),
  users: z.object({ name: z.string(), profile_image_url: z.string().nullable(), bio: z.string().nullable() }),
});

export const activeElectionSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string().nullable(),
  start_time: timestampSchema,
  end_time: timestampSchema,
  is_active: z.boolean(),
  results_published: z.boolean(),
  status: electionStatus,
  candidates: z.array(activeCandidateSchema),
});

/** Active first, then upcoming, then recently ended. */
export const activeElectionsResponse = okSchema({ active_elections: z.array(activeElectionSchema) });

export const voteResponse = okSchema({
  message: z.string(),
  vote: z.object({ election_id: idSchema, candidate_id: idSchema, position }),
});

export const votingStatusItemSchema = z.object({
  position: z.string(),
  hasVoted: z.boolean(),
  votedFor: z.object({ candidate_id: idSchema, candidate_name: z.string() }).nullable(),
});
/** One item per position that has candidates. */
export const myVotesResponse = okSchema({ voting_status: z.array(votingStatusItemSchema) });

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
export type CandidateResult = WireOf<typeof candidateResultSchema>;
export type PositionResult = WireOf<typeof positionResultSchema>;
export type ResultsResponse = WireOf<typeof resultsResponse>;
export type MemberRole = WireOf<typeof memberRoleSchema>;
export type MemberRoleListResponse = WireOf<typeof memberRoleListResponse>;
export type MemberRoleWriteResponse = WireOf<typeof memberRoleWriteResponse>;
