import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '@aesa/shared/schemas/envelope';
import { memberRoleBulkResponse, memberRoleBulkSchema } from '@aesa/shared/schemas/exports';
import { applyBulk } from './member-roles-bulk.service.ts';

/** POST /api/admin/member-roles/bulk (data admin): verify, unverify, mark current or not current, many roles in one statement and one audit entry. */
export async function memberRolesBulkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { operationId: 'changeRolesInBulk', summary: 'Change the roles of the members a filter finds', body: memberRoleBulkSchema, response: replies(memberRoleBulkResponse) };
  app.post('/admin/member-roles/bulk', { config: { access: { admin: 'data' } }, schema }, async (request) => {
    const { matched, changed, audit } = await applyBulk(app.db, request.body, app.clock());
    request.auditSubject = audit;
    return { success: true as const, matched, changed };
  });
}
