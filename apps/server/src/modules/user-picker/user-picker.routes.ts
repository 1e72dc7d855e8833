import type { FastifyInstance } from 'fastify';
import { pickerQuery, type PickerResponse } from '@aesa/shared/admin';
import { parseWith } from '../../lib/validate.ts';
import { requireAnyAdmin } from '../admin/admin-guard.ts';
import { pickUsers } from './user-picker.queries.ts';

/**
 * The reusable user picker (spec 02 §2.9): any admin (every admin module picks users: admin
 * users, executives, candidates, batch roles, mail). It shows e-mail and matric number, so
 * members without an admin role are refused (403, audited).
 */
export async function userPickerRoutes(app: FastifyInstance) {
  app.get('/admin/picker/users', { config: { access: 'member' } }, async (request): Promise<PickerResponse> => {
    await requireAnyAdmin(app, request);
    const query = parseWith(pickerQuery, request.query);
    return { success: true, users: await pickUsers(app.db, query) };
  });
}
