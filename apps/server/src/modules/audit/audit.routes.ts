import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogQuery, auditLogResponse } from '@aesa/shared/schemas/admin';
import { replies } from '@aesa/shared/schemas/envelope';
import { listAuditEntries } from './audit.queries.ts';

/**
 * GET /api/admin/audit-log (super admin): every admin write and every denied admin call.
 * Member routes (voting among them) are never recorded, so no vote choice can appear here.
 */
export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/audit-log', { config: { access: { admin: 'super' } }, schema: { querystring: auditLogQuery, response: replies(auditLogResponse) } }, async (request) => {
    return { success: true as const, ...(await listAuditEntries(app.db, request.query)) };
  });
}
