import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickerQuery, pickerResponse } from '@aesa/shared/schemas/admin';
import { replies } from '@aesa/shared/schemas/envelope';
import { requireAnyAdmin, type AdminUser } from '../admin/admin-guard.ts';
import { mayReadEmails } from '../admin/email-access.ts';
import { pickUsers } from './user-picker.queries.ts';

/**
 * The reusable user picker: any admin (every admin module picks users: admin
 * users, executives, candidates, batch roles, mail). It shows matric numbers, so members
 * without an admin role are refused (403, audited); e-mail addresses only to the admins who
 * send mail or manage members (admin/email-access.ts).
 */
export async function userPickerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = {
    config: { access: 'member' as const },
    // Any admin, checked before the query is validated: a member learns nothing about the query.
    preValidation: async (request: Parameters<typeof requireAnyAdmin>[1]) => void (await requireAnyAdmin(app, request)),
    schema: { querystring: pickerQuery, response: replies(pickerResponse) },
  };
  app.get('/admin/picker/users', route, async (request) => {
    const admin = request.user as AdminUser;
    return { success: true as const, users: await pickUsers(app.db, request.query, mayReadEmails(admin.admin)) };
  });
}
