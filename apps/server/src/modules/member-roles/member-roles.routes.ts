import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberRoleListQuery, memberRoleUpdateSchema } from '@aesa/shared/schemas/elections';
import { memberRoleListResponse, memberRoleSchema, memberRoleWriteResponse } from '@aesa/shared/schemas/elections';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { versionedReplies } from '@aesa/shared/schemas/edit-version';
import { editVersioned } from '../../lib/edit-version.ts';
import * as memberRoles from './member-roles.service.ts';

const data = { access: { admin: 'data' as const } };

/** Member roles for data admins: list with search, verify and activate toggles. */
export async function memberRoleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/member-roles', { config: data, schema: { operationId: 'listMemberRoles', summary: 'Members with their roles', querystring: memberRoleListQuery, response: replies(memberRoleListResponse) } }, async (request) => {
    const query = request.query;
    const verified = query.verified === undefined ? undefined : query.verified === 'true';
    return { success: true as const, ...(await memberRoles.listMemberRoles(app.db, { search: query.search || undefined, verified, limit: query.limit, offset: query.offset })) };
  });

  const params = z.object({ id: pathIdSchema('MEMBER_ROLE_NOT_FOUND') });
  // A change names the version it was made from (If-Match or `version`; decision 054).
  app.patch('/admin/member-roles/:id', { config: data, schema: { operationId: 'updateMemberRole', summary: "Change a member's role", params, body: memberRoleUpdateSchema, response: versionedReplies(memberRoleWriteResponse, memberRoleSchema) } }, async (request, reply) => {
    const { id } = request.params;
    const edit = { target: 'member role' as const, id, read: () => memberRoles.findMemberRole(app.db, id), notFound: 'MEMBER_ROLE_NOT_FOUND' as const };
    const { version: _version, ...changes } = request.body;
    return { success: true as const, member_role: await editVersioned(request, reply, edit, (version) => memberRoles.updateMemberRole(app.db, id, version, changes, app.clock())) };
  });
}
