import type { FastifyInstance } from 'fastify';
import { ELECTION_MSG, voteSchema } from '@aesa/shared/elections';
import { pathId } from '../../lib/path-id.ts';
import { parseWith } from '../../lib/validate.ts';
import { requireUser } from '../../plugins/access.ts';
import * as voting from './voting.service.ts';

type IdParams = { Params: { id: string } };

// The vote route is 'member' access on purpose: the audit plugin records only admin routes, so a
// ballot choice never reaches the audit log (docs/BALLOT-SECRECY.md). Nothing is logged per vote.
export async function votingRoutes(app: FastifyInstance) {
  const pool = app.database.pool;

  app.get('/voting/elections/active', { config: { access: 'public' } }, async () => {
    return { success: true, active_elections: await voting.activeElections(pool, app.clock()) };
  });

  app.post<IdParams>('/voting/elections/:id/vote', { config: { access: 'member', directoryUnaffected: true } }, async (request) => {
    const user = requireUser(request);
    const electionId = pathId(request.params.id, ELECTION_MSG.electionNotFound);
    const { candidate_id, position } = parseWith(voteSchema, request.body);
    await voting.castVote(pool, { electionId, candidateId: candidate_id, voterId: user.id, position, now: app.clock() });
    // This process's readers see the vote at once; other processes hear of it by NOTIFY.
    app.liveResults.voteCast(electionId);
    return { success: true, message: ELECTION_MSG.voteRecorded(position), vote: { election_id: electionId, candidate_id, position } };
  });

  app.get<IdParams>('/voting/elections/:id/my-votes', { config: { access: 'member' } }, async (request) => {
    const user = requireUser(request);
    const electionId = pathId(request.params.id, ELECTION_MSG.electionNotFound);
    return { success: true, voting_status: await voting.myVotes(pool, electionId, user.id) };
  });
}
