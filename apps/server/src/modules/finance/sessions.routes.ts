import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FINANCE_MSG } from '@aesa/shared/finance';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { sessionConflictSchema, sessionCreateSchema, sessionResponse, sessionsResponse, sessionUpdateSchema } from '@aesa/shared/schemas/finance';
import { expectedVersion } from '../../lib/edit-version.ts';
import * as sessions from './sessions.service.ts';

const finance = { access: { admin: 'finance' }, directoryUnaffected: true } as const;
const params = z.object({ id: pathIdSchema('SESSION_NOT_FOUND') });
const ok = true as const;

/** Academic sessions and their dues (the Finance screen): finance admins. */
export async function sessionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/sessions', { config: finance, schema: { operationId: 'listSessions', summary: 'The academic sessions and their dues', response: replies(sessionsResponse) } }, async () => ({
    success: ok,
    sessions: await sessions.listSessions(app.db),
  }));

  app.post('/admin/sessions', { config: finance, schema: { operationId: 'createSession', summary: 'Create an academic session', body: sessionCreateSchema, response: replies(sessionResponse, 201) } }, async (request, reply) => {
    const session = await sessions.createSession(app.db, request.body);
    return reply.status(201).send({ success: ok, session, message: FINANCE_MSG.sessionCreated(session.year) });
  });

  app.patch(
    '/admin/sessions/:id',
    { config: finance, schema: { operationId: 'updateSession', summary: 'Change an academic session', params, body: sessionUpdateSchema, response: { ...replies(sessionResponse), 409: sessionConflictSchema } } },
    async (request, reply) => {
      const session = await sessions.updateSession(app.db, request.params.id, expectedVersion(request), request.body);
      reply.header('ETag', `"${session.version}"`);
      return { success: ok, session, message: FINANCE_MSG.sessionSaved(session.year) };
    },
  );
}
