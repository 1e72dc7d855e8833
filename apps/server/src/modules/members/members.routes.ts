import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '@aesa/shared/schemas/envelope';
import { membersQuerySchema, membersResponse } from '@aesa/shared/schemas/members';
import { directoryBody } from './members.service.ts';

/**
 * Per client address (the route's rateLimit; docs/decisions/011-directory-cache-and-rate-limit.md):
 * generous, because a campus network puts many students behind one address, and a cached page
 * costs the database nothing; it bounds what one address can make the database do with uncached
 * queries (about 100 a second at a few milliseconds each). Counted per server process
 * (`rateLimitPerProcess`): a database write per page would cost more than the limit protects;
 * with WORKERS processes an address may reach WORKERS times the limit (decision 042).
 */
export const DIRECTORY_RATE_LIMIT = { max: 6000, timeWindow: 60_000 };

export async function membersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The answer is the same for every visitor, so it is served from one cache (directory-cache.ts).
  // The cached body is JSON text made from `membersResponse` once per page; it is sent as it is.
  const schema = { operationId: 'listMembers', summary: 'The member directory', querystring: membersQuerySchema, response: replies(membersResponse) };
  app.get('/members', { config: { access: 'public', rateLimit: DIRECTORY_RATE_LIMIT, rateLimitPerProcess: true }, schema }, async (request, reply) => {
    const body = directoryBody(app.db, app.directoryCache, request.query);
    return reply.type('application/json; charset=utf-8').send((typeof body === 'string' ? body : await body) as never);
  });
}
