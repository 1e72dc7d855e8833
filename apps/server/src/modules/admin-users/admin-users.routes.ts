import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserCreateSchema, adminUserUpdateSchema, adminDeletedResponse, adminUserItemSchema, adminUserResponse, adminUsersResponse } from '@aesa/shared/schemas/admin';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { versionedReplies, versionOnlyBody } from '@aesa/shared/schemas/edit-version';
import { editVersioned, removeVersioned } from '../../lib/edit-version.ts';
import * as admins from './admin-users.service.ts';

const superOnly = { access: { admin: 'super' } } as const;
const params = z.object({ id: pathIdSchema('ADMIN_USER_NOT_FOUND') });
const ok = true as const;

/** Admin users: super admin only. */
export async function adminUsersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/users', { config: superOnly, schema: { operationId: 'listAdminUsers', summary: 'The admin users', response: replies(adminUsersResponse) } }, async () => ({ success: ok, admins: await admins.listAdminUsers(app.db) }));

  app.post('/admin/users', { config: superOnly, schema: { operationId: 'addAdminUser', summary: 'Give a member an admin role', body: adminUserCreateSchema, response: replies(adminUserResponse, 201) } }, async (request, reply) => {
    return reply.status(201).send({ success: ok, admin: await admins.createAdminUser(app.db, request.body) });
  });

  // A change or delete names the version it was made from (If-Match or `version`; decision 054).
  const edit = (id: string) => ({ target: 'admin' as const, id, read: () => admins.findAdminUser(app.db, id), notFound: 'ADMIN_USER_NOT_FOUND' as const });

  app.patch('/admin/users/:id', { config: superOnly, schema: { operationId: 'updateAdminUser', summary: "Change an admin user's role", params, body: adminUserUpdateSchema, response: versionedReplies(adminUserResponse, adminUserItemSchema) } }, async (request, reply) => {
    const { id } = request.params;
    return { success: ok, admin: await editVersioned(request, reply, edit(id), (version) => admins.changeAdminRole(app.db, id, version, request.body.admin_role_id)) };
  });

  app.delete('/admin/users/:id', { config: superOnly, schema: { operationId: 'removeAdminUser', summary: "Take a member's admin role away", params, body: versionOnlyBody, response: versionedReplies(adminDeletedResponse, adminUserItemSchema) } }, async (request) => {
    const { id } = request.params;
    await removeVersioned(request, edit(id), (version) => admins.deleteAdminUser(app.db, id, version));
    return { success: ok };
  });
}
