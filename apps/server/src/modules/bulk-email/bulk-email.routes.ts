import type { FastifyInstance } from 'fastify';
import { bulkEmailsQuery, communicationsMembersQuery, communicationsSendSchema, superBulkEmailSchema } from '@aesa/shared/admin';
import { parseWith } from '../../lib/validate.ts';
import { requireUser } from '../../plugins/access.ts';
import * as bulk from './bulk-email.service.ts';

// Queueing is one transaction, but a send can reach every member: a cap per client address.
const sendLimit = { max: 60, timeWindow: 60 * 60_000 };

/** Bulk e-mail: the super admin screen (spec 02 §2.5) and the communications screen (§2.8). */
export async function bulkEmailRoutes(app: FastifyInstance) {
  const deps = { db: app.db, config: app.config };

  app.post('/admin/send-bulk-email', { config: { access: { admin: 'super' }, rateLimit: sendLimit } }, async (request) => {
    const input = parseWith(superBulkEmailSchema, request.body);
    return { success: true, ...(await bulk.sendSuperBulkEmail(deps, requireUser(request).id, input)) };
  });

  app.get('/admin/communications/members', { config: { access: { admin: 'email' } } }, async (request) => {
    const query = parseWith(communicationsMembersQuery, request.query);
    return { success: true, ...(await bulk.listMailableMembers(app.db, query)) };
  });

  app.post('/admin/communications/send', { config: { access: { admin: 'email' }, rateLimit: sendLimit } }, async (request) => {
    const input = parseWith(communicationsSendSchema, request.body);
    return { success: true, ...(await bulk.sendCommunication(deps, requireUser(request).id, input)) };
  });

  // Email admins and super admins (super passes every module).
  app.get('/admin/bulk-emails', { config: { access: { admin: 'email' } } }, async (request) => {
    const { limit, offset } = parseWith(bulkEmailsQuery, request.query);
    const { items, total } = await bulk.listBulkEmails(app.db, limit, offset);
    return { success: true, bulk_emails: items, total };
  });
}
