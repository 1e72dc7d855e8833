import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { voteSchema } from '@aesa/shared/schemas/elections';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { activeElectionsResponse, eligibilityResponse, myVotesResponse, receiptCheckResponse, voteResponse } from '@aesa/shared/schemas/elections';
import { hashToken } from '../../lib/tokens.ts';
import type { StatementSession } from '../auth/session.queries.ts';
import { requireUser } from '../../plugins/access.ts';
import { memberEligibility } from './eligibility.ts';
import * as voting from './voting.service.ts';

const electionParams = z.object({ id: pathIdSchema('ELECTION_NOT_FOUND') });
// The code is checked by the service (normaliseReceipt): a bad code is a 400 with the receipt's
// own message, not the 404 a malformed path parameter gets. (The router caps a parameter at 100 characters.)
const receiptParams = electionParams.extend({ code: z.string() });

/**
 * Per client address: a voter checks a receipt now and then; a campus shares addresses. A
 * receipt has 60 random bits, so guessing gains nothing at any rate; the limit bounds the load.
 */
export const RECEIPT_CHECK_RATE_LIMIT = { max: 300, timeWindow: 60_000 };

// The vote route is 'member' access on purpose: the audit plugin records only admin routes, so a
// ballot choice never reaches the audit log (docs/BALLOT-SECRECY.md). Nothing is logged per vote.
export async function votingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.directPool;
  /** The session a `sessionInStatement` route's statement looks up. */
  const sessionOf = (request: FastifyRequest): StatementSession => ({ tokenHash: hashToken(request.sessionToken!), idle: app.config.sessionIdleMs });

  // Voting opened or closed since: rolls and records first (election-record.plugin.ts).
  app.get('/voting/elections/active', { config: { access: 'public', settles: 'due' }, schema: { operationId: 'listOpenElections', summary: 'The elections open for voting now', response: replies(activeElectionsResponse) } }, async () => {
    return { success: true as const, active_elections: await voting.activeElections(pool, app.clock()) };
  });

  // The roll is frozen the moment voting opens, before the first vote is counted against it.
  // The session is looked up by the vote's own statement: one round trip a vote, not two.
  const voteRoute = { config: { access: 'member' as const, sessionInStatement: true as const, directoryUnaffected: true as const, settles: 'opening' as const }, schema: { operationId: 'castVote', summary: "Cast the signed-in member's vote in an election", params: electionParams, body: voteSchema, response: replies(voteResponse) } };
  app.post('/voting/elections/:id/vote', voteRoute, async (request) => {
    const electionId = request.params.id;
    const { candidate_id, position } = request.body;
    const { receipt } = await voting.castVote(pool, { electionId, candidateId: candidate_id, session: sessionOf(request), position, now: app.clock() });
    // This process's readers see the vote at once; other processes hear of it by NOTIFY.
    app.liveResults.voteCast(electionId);
    return { success: true as const, message: ELECTION_MSG.voteRecorded(position), vote: { election_id: electionId, candidate_id, position }, receipt };
  });

  // Public: a receipt reveals nothing but that its ballot is counted.
  const receiptRoute = { config: { access: 'public' as const, rateLimit: RECEIPT_CHECK_RATE_LIMIT }, schema: { operationId: 'checkReceipt', summary: "Check a vote receipt on the election's bulletin board", params: receiptParams, response: replies(receiptCheckResponse) } };
  app.get('/elections/:id/receipts/:code', receiptRoute, async (request) => {
    return { success: true as const, status: await voting.checkReceipt(pool, request.params.id, request.params.code) };
  });

  // For the elections and voting pages, before any ballot opens; the vote itself still checks.
  // A roll due to freeze is frozen before it is read.
  app.get('/elections/:id/eligibility', { config: { access: 'member', settles: 'opening' }, schema: { operationId: 'getEligibility', summary: 'Whether the signed-in member may vote in an election', params: electionParams, response: replies(eligibilityResponse) } }, async (request) => {
    const user = requireUser(request);
    return { success: true as const, ...(await memberEligibility(pool, request.params.id, user.id)) };
  });

  // Read after every vote by the ballot: its session is looked up in the same statement, as the vote's.
  app.get('/voting/elections/:id/my-votes', { config: { access: 'member', sessionInStatement: true }, schema: { operationId: 'getMyVotes', summary: 'The positions the signed-in member has voted for', params: electionParams, response: replies(myVotesResponse) } }, async (request) => {
    return { success: true as const, voting_status: await voting.myVotes(pool, request.params.id, sessionOf(request), app.clock()) };
  });
}
