import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { voteSchema } from '@aesa/shared/schemas/elections';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { activeElectionsResponse, myVotesResponse, voteResponse } from '@aesa/shared/schemas/elections';
import { requireUser } from '../../plugins/access.ts';
import * as voting from './voting.service.ts';

const electionParams = z.object({ id: pathIdSchema(ELECTION_MSG.electionNotFound) });

// The vote route is 'member' access on purpose: the audit plugin records only admin routes, so a
// ballot choice never reaches the audit log (docs/BALLOT-SECRECY.md). Nothing is logged per vote.
export async function votingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;

  app.get('/voting/elections/active', { config: { access: 'public' }, schema: { response: replies(activeElectionsResponse) } }, async () => {
    await app.electionRecord.settleDue(); // voting opened or closed since: rolls and records first
    return { success: true as const, active_elections: await voting.activeElections(pool, app.clock()) };
  });

  const voteRoute = { config: { access: 'member' as const, directoryUnaffected: true as const }, schema: { params: electionParams, body: voteSchema, response: replies(voteResponse) } };
  app.post('/voting/elections/:id/vote', voteRoute, async (request) => {
    const user = requireUser(request);
    const electionId = request.params.id;
    const { candidate_id, position } = request.body;
    // The roll is frozen the moment voting opens, before the first vote is counted against it.
    await app.electionRecord.ensureOpened(electionId);
    const { receipt } = await voting.castVote(pool, { electionId, candidateId: candidate_id, voterId: user.id, position, now: app.clock() });
    // This process's readers see the vote at once; other processes hear of it by NOTIFY.
    app.liveResults.voteCast(electionId);
    return { success: true as const, message: ELECTION_MSG.voteRecorded(position), vote: { election_id: electionId, candidate_id, position }, receipt };
  });

  app.get('/voting/elections/:id/my-votes', { config: { access: 'member' }, schema: { params: electionParams, response: replies(myVotesResponse) } }, async (request) => {
    const user = requireUser(request);
    return { success: true as const, voting_status: await voting.myVotes(pool, request.params.id, user.id) };
  });
}
