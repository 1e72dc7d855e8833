import type { FastifyInstance } from 'fastify';
import { ADMIN_MSG, adminRoleCreateSchema, adminRoleUpdateSchema } from '@aesa/shared/admin';
import { parseWith } from '../../lib/validate.ts';
import { idParam } from '../admin/admin-db.ts';
import * as roles from './admin-roles.service.ts';

const superOnly = { access: { admin: 'super' } } as const;

/** Admin roles (spec 02 §2.5, §7 Super admin): super admin only. */
export async function adminRolesRoutes(app: FastifyInstance) {
  app.get('/admin/roles', { config: superOnly }, async () => ({ success: true, roles: await roles.listRoles(app.db) }));

  app.post('/admin/roles', { config: superOnly }, async (request, reply) => {
    const input = parseWith(adminRoleCreateSchema, request.body);
    reply.status(201);
    return { success: true, role: await roles.createRole(app.db, input) };
  });

  app.get('/admin/roles/:id', { config: superOnly }, async (request) => ({
    success: true,
    role: await roles.getRole(app.db, idParam(request.params, ADMIN_MSG.roleNotFound)),
  }));

  app.patch('/admin/roles/:id', { config: superOnly }, async (request) => {
    const id = idParam(request.params, ADMIN_MSG.roleNotFound);
    const input = parseWith(adminRoleUpdateSchema, request.body);
    return { success: true, role: await roles.updateRole(app.db, id, input) };
  });

  app.delete('/admin/roles/:id', { config: superOnly }, async (request) => {
    await roles.deleteRole(app.db, idParam(request.params, ADMIN_MSG.roleNotFound));
    return { success: true };
  });
}
