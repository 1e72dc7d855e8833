import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { electionExtendSchema, electionWriteResponse } from '@aesa/shared/schemas/elections';
import { afterCommit } from '../../db/request-transaction.ts';
import * as lifecycle from './election-lifecycle.service.ts';
import type { ElectionsDeps } from './elections.service.ts';

const electoral = { access: { admin: 'electoral' as const }, settles: 'election' as const };
const electionParams = z.object({ id: pathIdSchema('ELECTION_NOT_FOUND') });

/**
 * The election once voting has opened (decision 056): Extend Voting, Close Voting Now, Archive and
 * Publish Final Results. Electoral admins only; each is audited (plugins/audit.ts, in the same
 * transaction) and is an entry in the election's record.
 */
export async function electionLifecycleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ElectionsDeps = {
    db: app.db,
    clock: app.clock,
    changed: (id) => afterCommit(() => app.liveResults.electionChanged(id)),
    notices: app.config,
  };
  const write = (names: { operationId: string; summary: string }) => ({ config: electoral, schema: { ...names, params: electionParams, response: replies(electionWriteResponse) } });

  app.post('/elections/:id/extend', { config: electoral, schema: { operationId: 'extendVoting', summary: "Move an open election's end later", params: electionParams, body: electionExtendSchema, response: replies(electionWriteResponse) } }, async (request) => {
    return { success: true as const, election: await lifecycle.extendVoting(deps, request.params.id, request.body.end_time), message: ELECTION_MSG.votingExtended };
  });

  app.post('/elections/:id/close-voting', write({ operationId: 'closeVoting', summary: 'End voting in an election now' }), async (request) => {
    return { success: true as const, election: await lifecycle.closeVotingNow(deps, request.params.id), message: ELECTION_MSG.votingClosed };
  });

  app.post('/elections/:id/archive', write({ operationId: 'archiveElection', summary: 'Archive a finished election' }), async (request) => {
    return { success: true as const, election: await lifecycle.archiveElection(deps, request.params.id), message: ELECTION_MSG.electionArchived };
  });

  app.post('/elections/:id/publish-final-results', write({ operationId: 'publishFinalResults', summary: "Publish an election's final results and record" }), async (request) => {
    return { success: true as const, election: await lifecycle.publishFinalResults(deps, request.params.id), message: ELECTION_MSG.finalResultsPublished };
  });
}
