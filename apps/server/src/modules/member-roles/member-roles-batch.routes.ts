import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberRoleBatchSchema, memberRoleBatchResponse } from '@aesa/shared/schemas/admin';
import { replies } from '@aesa/shared/schemas/envelope';
import { applyBatch } from './member-roles-batch.service.ts';

/** POST /api/admin/member-roles/batch (data admin). GET and PATCH of member roles live in member-roles.routes.ts. */
export async function memberRolesBatchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { operationId: 'assignRolesInBatch', summary: 'Give several members a role', body: memberRoleBatchSchema, response: replies(memberRoleBatchResponse) };
  app.post('/admin/member-roles/batch', { config: { access: { admin: 'data' } }, schema }, async (request) => {
    const results = await applyBatch(app.db, request.body.items, app.clock(), (err) => request.log.error({ err }, 'batch role item failed'));
    return { success: true as const, results };
  });
}
