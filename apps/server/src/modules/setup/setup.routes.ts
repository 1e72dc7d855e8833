import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '@aesa/shared/schemas/envelope';
import { firstAdminSchema, setupStatusQuerySchema } from '@aesa/shared/schemas/setup';
import { firstAdminResponse, setupStatusResponse } from '@aesa/shared/schemas/site';
import { allowedNewPassword } from '../../lib/common-passwords.ts';
import { createFirstAdmin, setupLinkValid } from './setup.service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
// Per client address. The link's 256-bit token is what protects these routes; the limits only
// keep a stranger from making the server hash passwords or look tokens up at will.
const statusLimit = { max: 30, timeWindow: FIFTEEN_MINUTES };
const createLimit = { max: 10, timeWindow: FIFTEEN_MINUTES };
// The first administrator's password follows every other password's rule, the common list included.
const firstAdminRequest = firstAdminSchema.extend({ password: allowedNewPassword });

export async function setupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const statusSchema = { operationId: 'getSetupStatus', summary: 'Whether the site still needs its first admin', querystring: setupStatusQuerySchema, response: replies(setupStatusResponse) };
  app.get('/setup/status', { config: { access: 'public', rateLimit: statusLimit }, schema: statusSchema }, async (request) => {
    const { token } = request.query;
    return { success: true as const, valid: await setupLinkValid(app.db, app.clock(), token) };
  });

  const createSchema = { operationId: 'createFirstAdmin', summary: "Create the site's first admin with the setup link", body: firstAdminRequest, response: replies(firstAdminResponse) };
  // The first admin write of the site: audited like every admin write (password and token redacted).
  app.post('/setup/first-admin', { config: { access: 'public', audit: true, rateLimit: createLimit }, schema: createSchema }, async (request) => {
    const input = request.body;
    const result = await createFirstAdmin(app.db, app.clock(), input, app.config);
    return { success: true as const, ...result };
  });
}
