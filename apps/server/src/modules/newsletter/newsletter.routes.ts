import type { FastifyInstance } from 'fastify';
import { newsletterSchema } from '@aesa/shared/members';
import { tooMany } from '../../lib/app-error.ts';
import { parseWith } from '../../lib/validate.ts';
import { subscribe } from './newsletter.service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
const HOUR = 60 * 60_000;

export async function newsletterRoutes(app: FastifyInstance) {
  // Two limits: per client address (the route's rateLimit: a campus shares few addresses, so it is
  // generous) and per e-mail address (nobody needs to sign one address up more than a few times).
  const perEmail = app.createRateLimit({
    max: 5,
    timeWindow: HOUR,
    keyGenerator: (request) => `newsletter:${parseWith(newsletterSchema, request.body).email}`,
  });

  app.post('/newsletter', { config: { access: 'public', rateLimit: { max: 30, timeWindow: FIFTEEN_MINUTES } } }, async (request) => {
    const { email } = parseWith(newsletterSchema, request.body);
    const verdict = await perEmail(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw tooMany();
    return { success: true, ...(await subscribe(app.db, email)) };
  });
}
