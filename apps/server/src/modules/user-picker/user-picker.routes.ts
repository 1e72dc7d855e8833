import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickerQuery, pickerResponse } from '@aesa/shared/schemas/admin';
import { replies } from '@aesa/shared/schemas/envelope';
import { requireUser } from '../../plugins/access.ts';
import { mayReadEmails } from '../admin/email-access.ts';
import { pickUsers } from './user-picker.queries.ts';

/**
 * The reusable user picker: any admin (every admin module picks users: admin users,
 * executives, candidates, batch roles, mail). It shows matric numbers, so members without an
 * admin role are refused (403, audited), before the query is validated: a member learns nothing
 * about the query. E-mail addresses only to the admins who send mail or manage members
 * (admin/email-access.ts).
 */
export async function userPickerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = {
    config: { access: { admin: 'any' as const } },
    schema: { operationId: 'pickUsers', summary: 'Find members to pick for an admin form', querystring: pickerQuery, response: replies(pickerResponse) },
  };
  app.get('/admin/picker/users', route, async (request) => {
    const admin = requireUser(request).admin;
    return { success: true as const, users: await pickUsers(app.db, request.query, mayReadEmails(admin)) };
  });
}
