import type { FastifyInstance } from 'fastify';
import { pickerQuery, type PickerResponse } from '@aesa/shared/admin';
import { parseWith } from '../../lib/validate.ts';
import { requireAnyAdmin } from '../admin/admin-guard.ts';
import { mayReadEmails } from '../admin/email-access.ts';
import { pickUsers } from './user-picker.queries.ts';

/**
 * The reusable user picker (spec 02 §2.9): any admin (every admin module picks users: admin
 * users, executives, candidates, batch roles, mail). It shows matric numbers, so members
 * without an admin role are refused (403, audited); e-mail addresses only to the admins who
 * send mail or manage members (admin/email-access.ts).
 */
export async function userPickerRoutes(app: FastifyInstance) {
  app.get('/admin/picker/users', { config: { access: 'member' } }, async (request): Promise<PickerResponse> => {
    const admin = await requireAnyAdmin(app, request);
    const query = parseWith(pickerQuery, request.query);
    return { success: true, users: await pickUsers(app.db, query, mayReadEmails(admin.admin)) };
  });
}
