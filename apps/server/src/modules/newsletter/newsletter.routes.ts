import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okMessageSchema, replies } from '@aesa/shared/schemas/envelope';
import { newsletterResponse, newsletterSchema } from '@aesa/shared/schemas/members';
import { newsletterConfirmSchema, newsletterSubscribersResponse } from '@aesa/shared/schemas/notifications';
import { fail } from '../../lib/app-error.ts';
import { countConfirmedSubscribers } from './newsletter.queries.ts';
import { confirm, subscribe } from './newsletter.service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
const HOUR = 60 * 60_000;

export async function newsletterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, config: app.config, now: app.clock() });
  // Two limits: per client address (the route's rateLimit: a campus shares few addresses, so it is
  // generous) and per e-mail address (nobody needs to sign one address up more than a few times,
  // and each sign-up mails that address).
  const perEmail = app.createRateLimit({
    max: 5,
    timeWindow: HOUR,
    // Called in the handler, after the body was validated.
    keyGenerator: (request) => `newsletter:${(request.body as { email: string }).email}`,
  });
  const publicForm = { access: 'public' as const, rateLimit: { max: 30, timeWindow: FIFTEEN_MINUTES } };

  const route = { config: publicForm, schema: { body: newsletterSchema, response: replies(newsletterResponse) } };
  app.post('/newsletter', route, async (request) => {
    const { email } = request.body;
    const verdict = await perEmail(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw fail('RATE_LIMITED');
    return { success: true as const, ...(await subscribe(deps(), email)) };
  });

  app.post(
    '/newsletter/confirm',
    {
      config: publicForm,
      schema: { operationId: 'confirmNewsletterSubscription', summary: 'Confirm a newsletter subscription with the e-mailed link', security: [], body: newsletterConfirmSchema, response: replies(okMessageSchema) },
    },
    async (request) => ({ success: true as const, ...(await confirm(deps(), request.body.token)) }),
  );

  app.get(
    '/admin/newsletter/subscribers',
    { config: { access: { admin: 'email' } }, schema: { operationId: 'countNewsletterSubscribers', summary: 'How many confirmed newsletter subscribers a send could include', response: replies(newsletterSubscribersResponse) } },
    async () => ({ success: true as const, confirmed: await countConfirmedSubscribers(app.db) }),
  );
}
