import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoleCreateSchema, adminRoleUpdateSchema, adminDeletedResponse, adminRoleResponse, adminRoleSchema, adminRolesResponse } from '@aesa/shared/schemas/admin';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { versionedReplies, versionOnlyBody } from '@aesa/shared/schemas/edit-version';
import { editVersioned, removeVersioned, setETag } from '../../lib/edit-version.ts';
import * as roles from './admin-roles.service.ts';

const superOnly = { access: { admin: 'super' } } as const;
const params = z.object({ id: pathIdSchema('ADMIN_ROLE_NOT_FOUND') });
const ok = true as const;

/** Admin roles: super admin only. */
export async function adminRolesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/roles', { config: superOnly, schema: { operationId: 'listAdminRoles', summary: 'The admin roles', response: replies(adminRolesResponse) } }, async () => ({ success: ok, roles: await roles.listRoles(app.db) }));

  app.post('/admin/roles', { config: superOnly, schema: { operationId: 'createAdminRole', summary: 'Create an admin role', body: adminRoleCreateSchema, response: replies(adminRoleResponse, 201) } }, async (request, reply) => {
    return reply.status(201).send({ success: ok, role: await roles.createRole(app.db, request.body) });
  });

  app.get('/admin/roles/:id', { config: superOnly, schema: { operationId: 'getAdminRole', summary: 'One admin role', params, response: replies(adminRoleResponse) } }, async (request, reply) => ({
    success: ok,
    role: setETag(reply, await roles.getRole(app.db, request.params.id)),
  }));

  // A change or delete names the version it was made from (If-Match or `version`; decision 054).
  const edit = (id: string) => ({ target: 'role' as const, id, read: () => roles.findRole(app.db, id), notFound: 'ADMIN_ROLE_NOT_FOUND' as const });

  app.patch('/admin/roles/:id', { config: superOnly, schema: { operationId: 'updateAdminRole', summary: 'Change an admin role', params, body: adminRoleUpdateSchema, response: versionedReplies(adminRoleResponse, adminRoleSchema) } }, async (request, reply) => {
    const { id } = request.params;
    return { success: ok, role: await editVersioned(request, reply, edit(id), (version) => roles.updateRole(app.db, id, version, request.body)) };
  });

  app.delete('/admin/roles/:id', { config: superOnly, schema: { operationId: 'deleteAdminRole', summary: 'Delete an admin role', params, body: versionOnlyBody, response: versionedReplies(adminDeletedResponse, adminRoleSchema) } }, async (request) => {
    const { id } = request.params;
    await removeVersioned(request, edit(id), (version) => roles.deleteRole(app.db, id, version));
    return { success: ok };
  });
}
