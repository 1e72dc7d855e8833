import type { FastifyInstance } from 'fastify';
import { ELECTION_MSG, memberRoleListQuery, memberRoleUpdateSchema } from '@aesa/shared/elections';
import { pathId } from '../../lib/path-id.ts';
import { parseWith } from '../../lib/validate.ts';
import * as memberRoles from './member-roles.service.ts';

const data = { access: { admin: 'data' as const } };

/** Member roles for data admins (02 §2.6, §3, §7): list with search, verify and activate toggles. */
export async function memberRoleRoutes(app: FastifyInstance) {
  app.get('/admin/member-roles', { config: data }, async (request) => {
    const query = parseWith(memberRoleListQuery, request.query);
    const verified = query.verified === undefined ? undefined : query.verified === 'true';
    return { success: true, ...(await memberRoles.listMemberRoles(app.db, { search: query.search || undefined, verified, limit: query.limit, offset: query.offset })) };
  });

  app.patch<{ Params: { id: string } }>('/admin/member-roles/:id', { config: data }, async (request) => {
    const id = pathId(request.params.id, ELECTION_MSG.memberRoleNotFound);
    const changes = parseWith(memberRoleUpdateSchema, request.body);
    return { success: true, member_role: await memberRoles.updateMemberRole(app.db, id, changes, app.clock()) };
  });
}
