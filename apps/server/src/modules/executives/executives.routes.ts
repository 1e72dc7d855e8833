import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { replies } from '@aesa/shared/schemas/envelope';
import { executivesResponse } from '@aesa/shared/schemas/members';
import { currentExecutives } from './executives.service.ts';

export async function executivesRoutes(app: FastifyInstance) {
  // Public and the same for everyone: browsers and proxies may keep it a minute, and revalidate
  // with the ETag (304, no body) after that.
  app.get('/executives', { config: { access: 'public' }, schema: { operationId: 'listExecutives', summary: "The association's executives", response: replies(executivesResponse) } }, async (request, reply) => {
    const body = { success: true, data: await currentExecutives(app.db, app.clock()) };
    const etag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
    reply.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=300');
    reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return body;
  });
}
