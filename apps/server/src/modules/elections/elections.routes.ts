import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { candidateCreateSchema, candidateUpdateSchema, electionCreateSchema, electionUpdateSchema } from '@aesa/shared/schemas/elections';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import {
  candidateListResponse,
  candidateSchema,
  candidateWriteResponse,
  deletedResponse,
  electionListResponse,
  electionResponse,
  electionSchema,
  electionWriteResponse,
} from '@aesa/shared/schemas/elections';
import { versionedReplies, versionOnlyBody } from '@aesa/shared/schemas/edit-version';
import { editVersioned, removeVersioned, setETag } from '../../lib/edit-version.ts';
import { afterCommit } from '../../db/request-transaction.ts';
import { requireUser } from '../../plugins/access.ts';
import * as elections from './elections.service.ts';

// Every route on an election has its due work done first (election-record.plugin.ts).
const electoral = { access: { admin: 'electoral' as const }, settles: 'election' as const };
/** Reads open to everyone; electoral admins also see hidden elections and candidates' matric numbers. */
const publicRead = { access: 'public' as const, adminView: 'electoral' as const };
const electionParams = z.object({ id: pathIdSchema('ELECTION_NOT_FOUND') });
const candidateParams = electionParams.extend({ candidateId: pathIdSchema('CANDIDATE_NOT_FOUND') });

/**
 * Elections and candidates. Reads are public (hidden elections and candidates' matric numbers
 * only for electoral admins; candidates' e-mail addresses for nobody); writes need the electoral
 * admin permission (super admin passes) and are audited by plugins/audit.ts (in their transaction).
 * Candidate positions: only the ten of POSITIONS are accepted (the voting page's "extra
 * positions" never come from this API).
 */
export async function electionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // This process's rooms and cache hear of a change once it committed: before, they would
  // reload the old rows (other processes hear the NOTIFY, which PostgreSQL sends at commit).
  const deps: elections.ElectionsDeps = {
    db: app.db,
    clock: app.clock,
    changed: (id) => afterCommit(() => app.liveResults.electionChanged(id)),
    notices: app.config,
  };

  // Voting opened or closed since: rolls and records first.
  app.get('/elections', { config: { ...publicRead, settles: 'due' }, schema: { operationId: 'listElections', summary: 'The elections', response: replies(electionListResponse) } }, async (request) => {
    return { success: true as const, elections: await elections.listElections(deps, request.adminView) };
  });

  app.post('/elections', { config: { access: electoral.access }, schema: { operationId: 'createElection', summary: 'Create an election', body: electionCreateSchema, response: replies(electionWriteResponse, 201) } }, async (request, reply) => {
    const election = await elections.createElection(deps, request.body, requireUser(request).id);
    return reply.status(201).send({ success: true, election });
  });

  app.get('/elections/:id', { config: { ...publicRead, settles: 'election' }, schema: { operationId: 'getElection', summary: 'One election', params: electionParams, response: replies(electionResponse) } }, async (request, reply) => {
    return { success: true as const, election: setETag(reply, await elections.getElection(deps, request.params.id, request.adminView)) };
  });

  // A change or delete names the version it was made from (If-Match or `version`; decision 054).
  const electionEdit = (id: string) => ({ target: 'election' as const, id, read: () => elections.findElection(deps, id), notFound: 'ELECTION_NOT_FOUND' as const });
  const candidateEdit = (electionId: string, id: string) => ({
    target: 'candidate' as const,
    id,
    read: () => elections.findCandidate(deps, electionId, id),
    notFound: 'CANDIDATE_NOT_FOUND' as const,
  });

  const electionUpdate = { operationId: 'updateElection', summary: 'Change an election', params: electionParams, body: electionUpdateSchema, response: versionedReplies(electionWriteResponse, electionSchema) };
  app.patch('/elections/:id', { config: electoral, schema: electionUpdate }, async (request, reply) => {
    const { id } = request.params;
    return { success: true as const, election: await editVersioned(request, reply, electionEdit(id), (version) => elections.updateElection(deps, id, version, request.body)) };
  });

  const electionDelete = { operationId: 'deleteElection', summary: 'Delete an election', params: electionParams, body: versionOnlyBody, response: versionedReplies(deletedResponse, electionSchema) };
  app.delete('/elections/:id', { config: electoral, schema: electionDelete }, async (request) => {
    const { id } = request.params;
    await removeVersioned(request, electionEdit(id), (version) => elections.deleteElection(deps, id, version));
    return { success: true as const, message: ELECTION_MSG.electionDeleted };
  });

  app.post('/elections/:id/publish-results', { config: electoral, schema: { operationId: 'publishResults', summary: "Publish an election's results", params: electionParams, response: replies(electionWriteResponse) } }, async (request) => {
    const election = await elections.publishResults(deps, request.params.id);
    return { success: true as const, election, message: ELECTION_MSG.resultsPublished };
  });

  app.get('/elections/:id/candidates', { config: publicRead, schema: { operationId: 'listCandidates', summary: "An election's candidates", params: electionParams, response: replies(candidateListResponse) } }, async (request) => {
    return { success: true as const, candidates: await elections.listCandidates(deps, request.params.id, request.adminView) };
  });

  app.post(
    '/elections/:id/candidates',
    { config: electoral, schema: { operationId: 'addCandidate', summary: 'Add a candidate to an election', params: electionParams, body: candidateCreateSchema, response: replies(candidateWriteResponse, 201) } },
    async (request, reply) => {
      return reply.status(201).send({ success: true, candidate: await elections.addCandidate(deps, request.params.id, request.body) });
    },
  );

  app.patch(
    '/elections/:id/candidates/:candidateId',
    { config: electoral, schema: { operationId: 'updateCandidate', summary: 'Change a candidate', params: candidateParams, body: candidateUpdateSchema, response: versionedReplies(candidateWriteResponse, candidateSchema) } },
    async (request, reply) => {
      const { id, candidateId } = request.params;
      const candidate = await editVersioned(request, reply, candidateEdit(id, candidateId), (version) => elections.updateCandidate(deps, id, candidateId, version, request.body));
      return { success: true as const, candidate };
    },
  );

  const candidateDelete = { operationId: 'removeCandidate', summary: 'Remove a candidate from an election', params: candidateParams, body: versionOnlyBody, response: versionedReplies(deletedResponse, candidateSchema) };
  app.delete('/elections/:id/candidates/:candidateId', { config: electoral, schema: candidateDelete }, async (request) => {
    const { id, candidateId } = request.params;
    await removeVersioned(request, candidateEdit(id, candidateId), (version) => elections.removeCandidate(deps, id, candidateId, version));
    return { success: true as const, message: ELECTION_MSG.candidateRemoved };
  });
}
