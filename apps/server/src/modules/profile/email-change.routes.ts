import type { FastifyInstance } from 'fastify';
import { confirmEmailSchema } from '@aesa/shared/auth';
import { parseWith } from '../../lib/validate.ts';
import { confirmEmail } from './email-change.service.ts';

// Public: the link may be opened in a browser where nobody is signed in. The token is 256 random
// bits, so the per-address limit only keeps the route cheap.
const confirmLimit = { max: 100, timeWindow: 15 * 60_000 };

export async function emailChangeRoutes(app: FastifyInstance) {
  app.post('/auth/confirm-email', { config: { access: 'public', rateLimit: confirmLimit } }, async (request) => {
    const { token } = parseWith(confirmEmailSchema, request.body);
    return { success: true, ...(await confirmEmail(app, token, request.user)) };
  });
}
