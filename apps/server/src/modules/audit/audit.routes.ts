import type { FastifyInstance } from 'fastify';
import { auditLogQuery } from '@aesa/shared/admin';
import { parseWith } from '../../lib/validate.ts';
import { listAuditEntries } from './audit.queries.ts';

/**
 * GET /api/admin/audit-log (super admin): every admin write and every denied admin call.
 * Member routes (voting among them) are never recorded, so no vote choice can appear here.
 */
export async function auditRoutes(app: FastifyInstance) {
  app.get('/admin/audit-log', { config: { access: { admin: 'super' } } }, async (request) => {
    const filter = parseWith(auditLogQuery, request.query);
    return { success: true, ...(await listAuditEntries(app.db, filter)) };
  });
}
