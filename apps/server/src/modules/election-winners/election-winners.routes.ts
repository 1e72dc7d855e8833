import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { installWinnersResponse, installWinnersSchema, winnersPreviewResponse } from '@aesa/shared/schemas/election-winners';
import { currentSessionYear } from '../finance/sessions.service.ts';
import * as winners from './election-winners.service.ts';

const params = z.object({ id: pathIdSchema('ELECTION_NOT_FOUND') });
/**
 * The results belong to the electoral admins, the executives to the data admins: either may
 * install. Checked before the body is read: a member without the rights gets 403, never a 400
 * about the year.
 */
const access = { admin: ['electoral', 'data'] as const };

export async function electionWinnersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/elections/:id/winners',
    { config: { access }, schema: { operationId: 'previewWinners', summary: 'The winners an election would install as executives', params, response: replies(winnersPreviewResponse) } },
    async (request) => {
      const preview = await winners.previewWinners(app.db, request.params.id, app.clock());
      return { success: true as const, ...preview, default_year: await currentSessionYear(app.db, app.config, app.clock()) };
    },
  );

  // Audited (plugins/audit.ts): the whole install runs in the request transaction with its entry.
  app.post(
    '/elections/:id/install-winners',
    {
      config: { access },
      schema: { operationId: 'installWinners', summary: "Install an election's winners as executives", params, body: installWinnersSchema, response: replies(installWinnersResponse) },
    },
    async (request) => {
      return { success: true as const, ...(await winners.installWinners(app.db, request.params.id, request.body.year, app.clock())) };
    },
  );
}
