import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { installWinnersResponse, installWinnersSchema, winnersPreviewResponse } from '@aesa/shared/schemas/election-winners';
import { requireAnyModule } from '../admin/admin-guard.ts';
import { currentSessionYear } from '../finance/sessions.service.ts';
import * as winners from './election-winners.service.ts';

const params = z.object({ id: pathIdSchema('ELECTION_NOT_FOUND') });
/** The results belong to the electoral admins, the executives to the data admins: either may install. */
const MODULES = ['electoral', 'data'] as const;

export async function electionWinnersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Checked before the body is read, like an access rule: a member without the rights gets 403, never a 400 about the year.
  const preValidation = async (request: FastifyRequest) => void (await requireAnyModule(app, request, MODULES));

  app.get('/elections/:id/winners', { config: { access: 'member' }, preValidation, schema: { params, response: replies(winnersPreviewResponse) } }, async (request) => {
    const preview = await winners.previewWinners(app.db, request.params.id, app.clock());
    return { success: true as const, ...preview, default_year: await currentSessionYear(app.db, app.config, app.clock()) };
  });

  // Audited (plugins/audit.ts): the whole install runs in the request transaction with its entry.
  app.post(
    '/elections/:id/install-winners',
    { config: { access: 'member', audit: true }, preValidation, schema: { params, body: installWinnersSchema, response: replies(installWinnersResponse) } },
    async (request) => {
      return { success: true as const, ...(await winners.installWinners(app.db, request.params.id, request.body.year, app.clock())) };
    },
  );
}
