import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { executiveAdminItemSchema, executiveCreateSchema, executiveUpdateSchema, executiveCreateResponse, executiveResponse, executivesAdminResponse } from '@aesa/shared/schemas/admin';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { versionedReplies } from '@aesa/shared/schemas/edit-version';
import { editVersioned } from '../../lib/edit-version.ts';
import { currentSessionYear } from '../finance/sessions.service.ts';
import * as execs from './executives-admin.service.ts';

const data = { access: { admin: 'data' } } as const;
const params = z.object({ id: pathIdSchema('EXECUTIVE_NOT_FOUND') });
const ok = true as const;

/** Executive office holders (the Executives tab): data admin. The public list is GET /api/executives (another module). */
export async function executivesAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/executives', { config: data, schema: { operationId: 'listExecutivesForEditing', summary: 'The executives with their terms', response: replies(executivesAdminResponse) } }, async () => ({
    success: ok,
    executives: await execs.listExecutives(app.db, app.clock()),
    default_year: await currentSessionYear(app.db, app.config, app.clock()),
  }));

  app.post('/admin/executives', { config: data, schema: { operationId: 'assignExecutive', summary: 'Assign a member to an office', body: executiveCreateSchema, response: replies(executiveCreateResponse, 201) } }, async (request, reply) => {
    const year = request.body.year ?? (await currentSessionYear(app.db, app.config, app.clock()));
    return reply.status(201).send({ success: ok, ...(await execs.assignExecutive(app.db, { ...request.body, year }, app.clock())) });
  });

  // A change names the version it was made from (If-Match or `version`; decision 054).
  app.patch('/admin/executives/:id', { config: data, schema: { operationId: 'updateExecutive', summary: "Change an executive's term", params, body: executiveUpdateSchema, response: versionedReplies(executiveResponse, executiveAdminItemSchema) } }, async (request, reply) => {
    const { id } = request.params;
    const edit = { target: 'executive' as const, id, read: () => execs.findExecutive(app.db, id, app.clock()), notFound: 'EXECUTIVE_NOT_FOUND' as const };
    return { success: ok, executive: await editVersioned(request, reply, edit, (version) => execs.updateExecutive(app.db, id, version, request.body, app.clock())) };
  });
}
