import type { FastifyInstance } from 'fastify';
import { ADMIN_MSG, executiveCreateSchema, executiveUpdateSchema } from '@aesa/shared/admin';
import { parseWith } from '../../lib/validate.ts';
import { idParam } from '../admin/admin-db.ts';
import * as execs from './executives-admin.service.ts';

const data = { access: { admin: 'data' } } as const;

/** Executive office holders (spec 02 §2.6 Executives tab): data admin. The public list is GET /api/executives (another module). */
export async function executivesAdminRoutes(app: FastifyInstance) {
  app.get('/admin/executives', { config: data }, async () => ({ success: true, executives: await execs.listExecutives(app.db, app.clock()) }));

  app.post('/admin/executives', { config: data }, async (request, reply) => {
    const input = parseWith(executiveCreateSchema, request.body);
    reply.status(201);
    return { success: true, ...(await execs.assignExecutive(app.db, input, app.clock())) };
  });

  app.patch('/admin/executives/:id', { config: data }, async (request) => {
    const id = idParam(request.params, ADMIN_MSG.executiveNotFound);
    const input = parseWith(executiveUpdateSchema, request.body);
    return { success: true, executive: await execs.updateExecutive(app.db, id, input, app.clock()) };
  });
}
