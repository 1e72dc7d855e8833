import type { FastifyInstance } from 'fastify';
import { ADMIN_MSG, adminUserCreateSchema, adminUserUpdateSchema } from '@aesa/shared/admin';
import { parseWith } from '../../lib/validate.ts';
import { idParam } from '../admin/admin-db.ts';
import * as admins from './admin-users.service.ts';

const superOnly = { access: { admin: 'super' } } as const;

/** Admin users (spec 02 §2.5, §7 Super admin): super admin only. */
export async function adminUsersRoutes(app: FastifyInstance) {
  app.get('/admin/users', { config: superOnly }, async () => ({ success: true, admins: await admins.listAdminUsers(app.db) }));

  app.post('/admin/users', { config: superOnly }, async (request, reply) => {
    const input = parseWith(adminUserCreateSchema, request.body);
    reply.status(201);
    return { success: true, admin: await admins.createAdminUser(app.db, input) };
  });

  app.patch('/admin/users/:id', { config: superOnly }, async (request) => {
    const id = idParam(request.params, ADMIN_MSG.adminUserNotFound);
    const { admin_role_id } = parseWith(adminUserUpdateSchema, request.body);
    return { success: true, admin: await admins.changeAdminRole(app.db, id, admin_role_id) };
  });

  app.delete('/admin/users/:id', { config: superOnly }, async (request) => {
    await admins.deleteAdminUser(app.db, idParam(request.params, ADMIN_MSG.adminUserNotFound));
    return { success: true };
  });
}
