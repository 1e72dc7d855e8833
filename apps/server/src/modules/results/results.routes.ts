import type { FastifyInstance } from 'fastify';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { pathId } from '../../lib/path-id.ts';
import { canUseModule } from '../../plugins/access.ts';
import { assertResultsVisible, isBatched } from './results.service.ts';

export async function resultsRoutes(app: FastifyInstance) {
  /**
   * GET /api/voting/elections/{id}/results: public once results_published; electoral admins
   * always; otherwise 403. While voting is open a public reader gets the last batch, never the
   * live counts (polling would otherwise defeat the batches: tally-batches.ts); electoral admins
   * get the live counts. Answered from the in-process cache (see results-cache.ts), so a read
   * costs no query until the next vote or election change.
   */
  app.get('/voting/elections/:id/results', { config: { access: 'public' } }, async (request, reply) => {
    const id = pathId((request.params as { id: string }).id, ELECTION_MSG.electionNotFound);
    const admin = canUseModule(request.user?.admin ?? null, 'electoral');
    let data = app.liveResults.cache.peek(id) ?? (await app.liveResults.cache.get(id));
    assertResultsVisible(data.meta, admin);
    if (!admin && isBatched(data.meta, app.clock())) {
      data = (await app.liveResults.batches?.refresh(id, data)) ?? data;
      assertResultsVisible(data.meta, admin);
      return reply.type('application/json; charset=utf-8').send(data.publicBody);
    }
    return reply.type('application/json; charset=utf-8').send(data.body);
  });
}
