import type { FastifyInstance } from 'fastify';
import { memberRoleBatchSchema } from '@aesa/shared/admin';
import { parseWith } from '../../lib/validate.ts';
import { applyBatch } from './member-roles-batch.service.ts';

/** POST /api/admin/member-roles/batch (data admin). GET and PATCH of member roles live in member-roles.routes.ts. */
export async function memberRolesBatchRoutes(app: FastifyInstance) {
  app.post('/admin/member-roles/batch', { config: { access: { admin: 'data' } } }, async (request) => {
    const { items } = parseWith(memberRoleBatchSchema, request.body);
    const results = await applyBatch(app.db, items, app.clock(), (err) => request.log.error({ err }, 'batch role item failed'));
    return { success: true, results };
  });
}
