import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmEmailResponse, confirmEmailSchema } from '@aesa/shared/schemas/auth';
import { replies } from '@aesa/shared/schemas/envelope';
import { confirmEmail } from './email-change.service.ts';

// Public: the link may be opened in a browser where nobody is signed in. The token is 256 random
// bits, so the per-address limit only keeps the route cheap.
const confirmLimit = { max: 100, timeWindow: 15 * 60_000 };

export async function emailChangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { operationId: 'confirmEmailChange', summary: 'Confirm a new e-mail address with the link sent to it', body: confirmEmailSchema, response: replies(confirmEmailResponse) };
  app.post('/auth/confirm-email', { config: { access: 'public', rateLimit: confirmLimit }, schema }, async (request) => {
    return { success: true as const, ...(await confirmEmail(app, request.body.token, request.user)) };
  });
}
