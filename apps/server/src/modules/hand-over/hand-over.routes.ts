import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '@aesa/shared/schemas/envelope';
import { handOverApplyResponse, handOverApplySchema, handOverPreviewResponse } from '@aesa/shared/schemas/hand-over';
import { requireUser } from '../../plugins/access.ts';
import { handOverPreview, startNextSession } from './hand-over.service.ts';

const data = { access: { admin: 'data' as const } };

/**
 * The hand-over to the next session (data admins): GET /api/admin/hand-over previews it,
 * POST /api/admin/hand-over { to_year, exclude } applies it once per session.
 */
export async function handOverRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/hand-over', { config: data, schema: { operationId: 'getHandOver', summary: 'What handing over to the next session would change', response: replies(handOverPreviewResponse) } }, async () => {
    return { success: true as const, ...(await handOverPreview(app.db)) };
  });

  app.post('/admin/hand-over', { config: data, schema: { operationId: 'handOver', summary: 'Hand over to the next session', body: handOverApplySchema, response: replies(handOverApplyResponse) } }, async (request) => {
    const admin = requireUser(request);
    const result = await startNextSession(app.db, app.config, request.body, admin.id);
    // The audit entry lists the session, how many were left out, and what moved.
    request.receivedBody = { to_year: request.body.to_year, exclude: request.body.exclude, ...result.counts };
    return { success: true as const, ...result };
  });
}
