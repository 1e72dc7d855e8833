import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkEmailsQuery, communicationsMembersQuery, communicationsSendSchema, superBulkEmailSchema, bulkEmailSendResponse, bulkEmailsResponse, communicationsMembersResponse } from '@aesa/shared/schemas/admin';
import { replies } from '@aesa/shared/schemas/envelope';
import { requireUser } from '../../plugins/access.ts';
import * as bulk from './bulk-email.service.ts';

// Queueing is one transaction, but a send can reach every member: a cap per client address.
const sendLimit = { max: 60, timeWindow: 60 * 60_000 };

/** Bulk e-mail: the super admin screen and the communications screen. */
export async function bulkEmailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, config: app.config };
  const ok = true as const;
  const sent = replies(bulkEmailSendResponse);

  app.post('/admin/send-bulk-email', { config: { access: { admin: 'super' }, rateLimit: sendLimit }, schema: { operationId: 'sendBulkEmail', summary: 'Send an e-mail to groups of members or to chosen members', body: superBulkEmailSchema, response: sent } }, async (request) => {
    return { success: ok, ...(await bulk.sendSuperBulkEmail(deps, requireUser(request).id, request.body)) };
  });

  const membersSchema = { operationId: 'listCommunicationMembers', summary: 'Members to choose the recipients of an e-mail from', querystring: communicationsMembersQuery, response: replies(communicationsMembersResponse) };
  app.get('/admin/communications/members', { config: { access: { admin: 'email' } }, schema: membersSchema }, async (request) => {
    return { success: ok, ...(await bulk.listMailableMembers(app.db, request.query)) };
  });

  app.post('/admin/communications/send', { config: { access: { admin: 'email' }, rateLimit: sendLimit }, schema: { operationId: 'sendCommunication', summary: 'Send an e-mail to a group of members', body: communicationsSendSchema, response: sent } }, async (request) => {
    return { success: ok, ...(await bulk.sendCommunication(deps, requireUser(request).id, request.body)) };
  });

  // Email admins and super admins (super passes every module).
  app.get('/admin/bulk-emails', { config: { access: { admin: 'email' } }, schema: { operationId: 'listBulkEmails', summary: 'The e-mails sent to groups of members', querystring: bulkEmailsQuery, response: replies(bulkEmailsResponse) } }, async (request) => {
    const { items, total } = await bulk.listBulkEmails(app.db, request.query.limit, request.query.offset);
    return { success: ok, bulk_emails: items, total };
  });
}
