import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { reminderResponse, turnoutResponse } from '@aesa/shared/schemas/turnout';
import * as turnout from './turnout.service.ts';

// The roll is frozen once voting has opened, and reminders go to the frozen roll (election-record.plugin.ts).
const electoral = { access: { admin: 'electoral' as const }, settles: 'election' as const };
const params = z.object({ id: pathIdSchema('ELECTION_NOT_FOUND') });

/** Turnout (counts only) and reminders to those who have not voted: electoral admins. */
export async function turnoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/elections/:id/turnout', { config: electoral, schema: { operationId: 'getTurnout', summary: "An election's turnout over time", params, response: replies(turnoutResponse) } }, async (request) => {
    return { success: true as const, ...(await turnout.turnout(app.db, request.params.id, app.clock())) };
  });

  // An admin write: runs in the request transaction with its audit entry (plugins/audit.ts).
  app.post('/elections/:id/remind', { config: electoral, schema: { operationId: 'remindVoters', summary: 'E-mail the members who have not voted yet', params, response: replies(reminderResponse) } }, async (request) => {
    return { success: true as const, ...(await turnout.remind(app.db, app.config, request.params.id, app.clock())) };
  });
}
