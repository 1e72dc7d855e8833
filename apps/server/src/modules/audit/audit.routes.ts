import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogQuery } from '@aesa/shared/schemas/admin';
import { auditLogResponse } from '@aesa/shared/schemas/audit';
import { replies } from '@aesa/shared/schemas/envelope';
import { listAuditEntries } from './audit.queries.ts';
import { toAuditEntry } from './audit.service.ts';

/**
 * GET /api/admin/audit-log (super admin): every admin write and every denied admin call, in words
 * (who, what, which named thing, the fields set).
 * Member routes (voting among them) are never recorded, so no vote choice can appear here.
 */
export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/audit-log', { config: { access: { admin: 'super' } }, schema: { operationId: 'listAuditLog', summary: 'The audit log', querystring: auditLogQuery, response: replies(auditLogResponse) } }, async (request) => {
    const { total, rows } = await listAuditEntries(app.db, request.query);
    return { success: true as const, total, entries: rows.map(toAuditEntry) };
  });
}
