import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '@aesa/shared/schemas/envelope';
import { newsletterResponse, newsletterSchema } from '@aesa/shared/schemas/members';
import { fail } from '../../lib/app-error.ts';
import { subscribe } from './newsletter.service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
const HOUR = 60 * 60_000;

export async function newsletterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Two limits: per client address (the route's rateLimit: a campus shares few addresses, so it is
  // generous) and per e-mail address (nobody needs to sign one address up more than a few times).
  const perEmail = app.createRateLimit({
    max: 5,
    timeWindow: HOUR,
    // Called in the handler, after the body was validated.
    keyGenerator: (request) => `newsletter:${(request.body as { email: string }).email}`,
  });

  const route = { config: { access: 'public' as const, rateLimit: { max: 30, timeWindow: FIFTEEN_MINUTES } }, schema: { operationId: 'subscribeToNewsletter', summary: 'Subscribe an e-mail address to the newsletter', body: newsletterSchema, response: replies(newsletterResponse) } };
  app.post('/newsletter', route, async (request) => {
    const { email } = request.body;
    const verdict = await perEmail(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw fail('RATE_LIMITED');
    return { success: true as const, ...(await subscribe(app.db, email)) };
  });
}
