import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '@aesa/shared/schemas/envelope';
import {
  auditLogExportQuery,
  bulkEmailRecipientsExportQuery,
  csvFileResponse,
  executivesExportQuery,
  memberRolesExportQuery,
  membersExportQuery,
  paymentsExportQuery,
} from '@aesa/shared/schemas/exports';
import { eventAttendeesExportQuery } from '@aesa/shared/schemas/rsvp';
import type { Access } from '../../plugins/access.ts';
import { sendCsv, type CsvFile } from '../../lib/csv-stream.ts';
import { recordExport } from '../audit/audit.service.ts';
import * as files from './exports.service.ts';

const data: Access = { admin: 'data' };
// The payments of a session are the finance officers' (the Finance module; super admins pass).
const finance: Access = { admin: 'finance' };

/**
 * GET /api/admin/exports/{name}.csv: the admin screens' lists as CSV files, with each screen's
 * filters as query parameters, streamed from a database cursor (decision 053). Each download is
 * in the audit log: who exported what, with which filter.
 */
export async function exportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = () => ({ db: app.db, config: app.config, now: app.clock() });
  const response = replies(csvFileResponse);

  async function send(request: FastifyRequest, reply: FastifyReply, file: CsvFile, filter: object) {
    await recordExport(app.db, request, filter as Record<string, unknown>);
    return sendCsv(reply, app.directPool, file);
  }

  app.get('/admin/exports/members.csv', { config: { access: data }, schema: { querystring: membersExportQuery, response } }, async (request, reply) =>
    send(request, reply, await files.membersFile(ctx(), request.query), request.query),
  );
  app.get('/admin/exports/member-roles.csv', { config: { access: data }, schema: { querystring: memberRolesExportQuery, response } }, async (request, reply) =>
    send(request, reply, files.memberRolesFile(ctx(), request.query), request.query),
  );
  app.get('/admin/exports/executives.csv', { config: { access: data }, schema: { querystring: executivesExportQuery, response } }, async (request, reply) =>
    send(request, reply, files.executivesFile(ctx()), {}),
  );
  app.get('/admin/exports/payments.csv', { config: { access: finance }, schema: { querystring: paymentsExportQuery, response } }, async (request, reply) =>
    send(request, reply, await files.paymentsFile(ctx(), request.query), request.query),
  );
  // Whoever reads the audit log (super admins) may download it.
  app.get('/admin/exports/audit-log.csv', { config: { access: { admin: 'super' } }, schema: { querystring: auditLogExportQuery, response } }, async (request, reply) =>
    send(request, reply, files.auditLogFile(ctx(), request.query), request.query),
  );
  app.get(
    '/admin/exports/bulk-email-recipients.csv',
    { config: { access: { admin: 'email' } }, schema: { querystring: bulkEmailRecipientsExportQuery, response } },
    async (request, reply) => send(request, reply, await files.bulkEmailRecipientsFile(ctx(), request.query.bulk_email), request.query),
  );
  // The events admins who see the Attendees view may download it.
  app.get(
    '/admin/exports/event-attendees.csv',
    {
      config: { access: { admin: 'event' } },
      schema: { operationId: 'exportEventAttendees', summary: "An event's answers as a CSV file, in the Attendees view's order", querystring: eventAttendeesExportQuery, response },
    },
    async (request, reply) => send(request, reply, await files.eventAttendeesFile(ctx(), request.query.event), request.query),
  );
}
