import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { resultsResponse } from '@aesa/shared/schemas/elections';
import { assertResultsVisible, isBatched } from './results.service.ts';

const electionParams = z.object({ id: pathIdSchema('ELECTION_NOT_FOUND') });

export async function resultsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /**
   * GET /api/voting/elections/{id}/results: public once results_published; electoral admins
   * always; otherwise 403. While voting is open a public reader gets the last batch, never the
   * live counts (polling would otherwise defeat the batches: tally-batches.ts); electoral admins
   * get the live counts. Answered from the in-process cache (see results-cache.ts), so a read
   * costs no query until the next vote or election change. The cached body is JSON text made
   * once per change from the same shape (`resultsResponse`), so it is sent as it is.
   */
  const schema = { operationId: 'getResults', summary: 'An election\'s results', params: electionParams, response: replies(resultsResponse) };
  app.get('/voting/elections/:id/results', { config: { access: 'public', adminView: 'electoral' }, schema }, async (request, reply) => {
    const id = request.params.id;
    const admin = request.adminView;
    let data = app.liveResults.cache.peek(id) ?? (await app.liveResults.cache.get(id));
    assertResultsVisible(data.meta, admin);
    if (!admin && isBatched(data.meta, app.clock())) {
      data = (await app.liveResults.batches?.refresh(id, data)) ?? data;
      assertResultsVisible(data.meta, admin);
      return reply.type('application/json; charset=utf-8').send(asJsonText(data.publicBody));
    }
    return reply.type('application/json; charset=utf-8').send(asJsonText(data.body));
  });
}

/** JSON text made from `resultsResponse`: Fastify sends a string as it is, without the serialiser. */
const asJsonText = (body: string | null) => body as never;
