import type { FastifyInstance } from 'fastify';
import { candidateCreateSchema, candidateUpdateSchema, ELECTION_MSG, electionCreateSchema, electionUpdateSchema } from '@aesa/shared/elections';
import { pathId } from '../../lib/path-id.ts';
import { parseWith } from '../../lib/validate.ts';
import { canUseModule, requireUser } from '../../plugins/access.ts';
import type { FastifyRequest } from 'fastify';
import * as elections from './elections.service.ts';

type IdParams = { Params: { id: string } };
type CandidateParams = { Params: { id: string; candidateId: string } };

const electoral = { access: { admin: 'electoral' as const } };
const isElectoralAdmin = (request: FastifyRequest) => canUseModule(request.user?.admin ?? null, 'electoral');

/**
 * Elections and candidates (spec 02 §7). Reads are public (hidden elections and candidates'
 * matric numbers only for electoral admins; candidates' e-mail addresses for nobody); writes need the electoral admin
 * permission (super admin passes) and are audited by plugins/audit.ts.
 * Candidate positions: only the ten of POSITIONS are accepted (the voting page's "extra
 * positions" never come from this API).
 */
export async function electionRoutes(app: FastifyInstance) {
  const deps: elections.ElectionsDeps = { db: app.db, clock: app.clock, changed: (id) => app.liveResults.electionChanged(id) };
  const electionId = (params: { id: string }) => pathId(params.id, ELECTION_MSG.electionNotFound);
  const candidateId = (params: { candidateId: string }) => pathId(params.candidateId, ELECTION_MSG.candidateNotFound);

  app.get('/elections', { config: { access: 'public' } }, async (request) => {
    return { success: true, elections: await elections.listElections(deps, isElectoralAdmin(request)) };
  });

  app.post('/elections', { config: electoral }, async (request, reply) => {
    const input = parseWith(electionCreateSchema, request.body);
    const election = await elections.createElection(deps, input, requireUser(request).id);
    return reply.status(201).send({ success: true, election });
  });

  app.get<IdParams>('/elections/:id', { config: { access: 'public' } }, async (request) => {
    return { success: true, election: await elections.getElection(deps, electionId(request.params), isElectoralAdmin(request)) };
  });

  app.patch<IdParams>('/elections/:id', { config: electoral }, async (request) => {
    const id = electionId(request.params);
    const input = parseWith(electionUpdateSchema, request.body);
    return { success: true, election: await elections.updateElection(deps, id, input) };
  });

  app.delete<IdParams>('/elections/:id', { config: electoral }, async (request) => {
    await elections.deleteElection(deps, electionId(request.params));
    return { success: true, message: ELECTION_MSG.electionDeleted };
  });

  app.post<IdParams>('/elections/:id/publish-results', { config: electoral }, async (request) => {
    const election = await elections.publishResults(deps, electionId(request.params));
    return { success: true, election, message: ELECTION_MSG.resultsPublished };
  });

  app.get<IdParams>('/elections/:id/candidates', { config: { access: 'public' } }, async (request) => {
    return { success: true, candidates: await elections.listCandidates(deps, electionId(request.params), isElectoralAdmin(request)) };
  });

  app.post<IdParams>('/elections/:id/candidates', { config: electoral }, async (request, reply) => {
    const id = electionId(request.params);
    const input = parseWith(candidateCreateSchema, request.body);
    return reply.status(201).send({ success: true, candidate: await elections.addCandidate(deps, id, input) });
  });

  app.patch<CandidateParams>('/elections/:id/candidates/:candidateId', { config: electoral }, async (request) => {
    const id = electionId(request.params);
    const cid = candidateId(request.params);
    const input = parseWith(candidateUpdateSchema, request.body);
    return { success: true, candidate: await elections.updateCandidate(deps, id, cid, input) };
  });

  app.delete<CandidateParams>('/elections/:id/candidates/:candidateId', { config: electoral }, async (request) => {
    await elections.removeCandidate(deps, electionId(request.params), candidateId(request.params));
    return { success: true, message: ELECTION_MSG.candidateRemoved };
  });
}
