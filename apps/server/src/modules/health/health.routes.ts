import type { FastifyInstance } from 'fastify';
import { SERVER_MSG } from '@aesa/shared/messages';
import { failureSchema } from '@aesa/shared/schemas/envelope';
import { healthResponse, healthUnavailableResponse } from '@aesa/shared/schemas/site';
import { pingDatabase } from './health.queries.ts';

const schema = { operationId: 'getHealth', summary: 'Whether the server and its database answer', response: { 200: healthResponse, 503: healthUnavailableResponse, '4xx': failureSchema, '5xx': failureSchema } };

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { config: { access: 'public' }, schema }, async (_request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: 'ok', database: app.database.kind };
    } catch {
      // Every failure carries its code, the health check's too (the failure schema requires it).
      reply.header('Retry-After', '5');
      return reply.status(503).send({ success: false, error: SERVER_MSG.databaseUnavailable, code: 'DATABASE_UNAVAILABLE', status: 'unavailable', database: app.database.kind });
    }
  });
}
