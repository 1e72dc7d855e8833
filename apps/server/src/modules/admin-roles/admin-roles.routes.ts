import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { adminRoleCreateSchema, adminRoleUpdateSchema, adminDeletedResponse, adminRoleResponse, adminRolesResponse } from '@aesa/shared/schemas/admin';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import * as roles from './admin-roles.service.ts';

const superOnly = { access: { admin: 'super' } } as const;
const params = z.object({ id: pathIdSchema(ADMIN_MSG.roleNotFound) });
const ok = true as const;

/** Admin roles: super admin only. */
export async function adminRolesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/roles', { config: superOnly, schema: { response: replies(adminRolesResponse) } }, async () => ({ success: ok, roles: await roles.listRoles(app.db) }));

  app.post('/admin/roles', { config: superOnly, schema: { body: adminRoleCreateSchema, response: replies(adminRoleResponse, 201) } }, async (request, reply) => {
    return reply.status(201).send({ success: ok, role: await roles.createRole(app.db, request.body) });
  });

  app.get('/admin/roles/:id', { config: superOnly, schema: { params, response: replies(adminRoleResponse) } }, async (request) => ({
    success: ok,
    role: await roles.getRole(app.db, request.params.id),
  }));

  app.patch('/admin/roles/:id', { config: superOnly, schema: { params, body: adminRoleUpdateSchema, response: replies(adminRoleResponse) } }, async (request) => {
    return { success: ok, role: await roles.updateRole(app.db, request.params.id, request.body) };
  });

  app.delete('/admin/roles/:id', { config: superOnly, schema: { params, response: replies(adminDeletedResponse) } }, async (request) => {
    await roles.deleteRole(app.db, request.params.id);
    return { success: ok };
  });
}
