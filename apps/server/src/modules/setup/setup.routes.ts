import type { FastifyInstance } from 'fastify';
import { firstAdminSchema, setupStatusQuerySchema } from '@aesa/shared/setup';
import { allowedNewPassword } from '../../lib/common-passwords.ts';
import { parseWith } from '../../lib/validate.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createFirstAdmin, setupLinkValid } from './setup.service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
// Per client address. The link's 256-bit token is what protects these routes; the limits only
// keep a stranger from making the server hash passwords or look tokens up at will.
const statusLimit = { max: 30, timeWindow: FIFTEEN_MINUTES };
const createLimit = { max: 10, timeWindow: FIFTEEN_MINUTES };
// The first administrator's password follows every other password's rule, the common list included.
const firstAdminRequest = firstAdminSchema.extend({ password: allowedNewPassword });

export async function setupRoutes(app: FastifyInstance) {
  app.get('/setup/status', { config: { access: 'public', rateLimit: statusLimit } }, async (request) => {
    const { token } = parseWith(setupStatusQuerySchema, request.query);
    return { success: true, valid: await setupLinkValid(app.db, app.clock(), token) };
  });

  app.post('/setup/first-admin', { config: { access: 'public', rateLimit: createLimit } }, async (request) => {
    const input = parseWith(firstAdminRequest, request.body);
    const result = await createFirstAdmin(app.db, app.clock(), input);
    // The first admin write of the site: in the audit trail (password and token redacted).
    await recordAudit(app.db, request, { outcome: 'ok', statusCode: 200 });
    return { success: true, ...result };
  });
}
