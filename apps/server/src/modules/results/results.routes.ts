import type { FastifyInstance } from 'fastify';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { pathId } from '../../lib/path-id.ts';
import { canUseModule } from '../../plugins/access.ts';
import { assertResultsVisible } from './results.service.ts';

export async function resultsRoutes(app: FastifyInstance) {
  /**
   * GET /api/voting/elections/{id}/results: public once results_published; electoral admins
   * always; otherwise 403. Answered from the in-process cache (see results-cache.ts), so a read
   * costs no query until the next vote or election change.
   */
  app.get('/voting/elections/:id/results', { config: { access: 'public' } }, async (request, reply) => {
    const id = pathId((request.params as { id: string }).id, ELECTION_MSG.electionNotFound);
    const data = app.liveResults.cache.peek(id) ?? (await app.liveResults.cache.get(id));
    assertResultsVisible(data.meta, canUseModule(request.user?.admin ?? null, 'electoral'));
    return reply.type('application/json; charset=utf-8').send(data.body);
  });
}
