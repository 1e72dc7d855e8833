import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { adminUserCreateSchema, adminUserUpdateSchema, adminDeletedResponse, adminUserResponse, adminUsersResponse } from '@aesa/shared/schemas/admin';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import * as admins from './admin-users.service.ts';

const superOnly = { access: { admin: 'super' } } as const;
const params = z.object({ id: pathIdSchema(ADMIN_MSG.adminUserNotFound) });
const ok = true as const;

/** Admin users: super admin only. */
export async function adminUsersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/users', { config: superOnly, schema: { response: replies(adminUsersResponse) } }, async () => ({ success: ok, admins: await admins.listAdminUsers(app.db) }));

  app.post('/admin/users', { config: superOnly, schema: { body: adminUserCreateSchema, response: replies(adminUserResponse, 201) } }, async (request, reply) => {
    return reply.status(201).send({ success: ok, admin: await admins.createAdminUser(app.db, request.body) });
  });

  app.patch('/admin/users/:id', { config: superOnly, schema: { params, body: adminUserUpdateSchema, response: replies(adminUserResponse) } }, async (request) => {
    return { success: ok, admin: await admins.changeAdminRole(app.db, request.params.id, request.body.admin_role_id) };
  });

  app.delete('/admin/users/:id', { config: superOnly, schema: { params, response: replies(adminDeletedResponse) } }, async (request) => {
    await admins.deleteAdminUser(app.db, request.params.id);
    return { success: ok };
  });
}
