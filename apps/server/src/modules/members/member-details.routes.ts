import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { memberDetailsResponse, memberDetailsUpdateSchema } from '@aesa/shared/schemas/admin';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { correctMemberDetails } from './member-details.service.ts';

/** Data admins correct a member's level and enrolment year (audited, as every admin write). */
export async function memberDetailsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: pathIdSchema(ADMIN_MSG.userNotFound) });
  app.patch(
    '/admin/members/:id',
    { config: { access: { admin: 'data' } }, schema: { params, body: memberDetailsUpdateSchema, response: replies(memberDetailsResponse) } },
    async (request) => ({ success: true as const, ...(await correctMemberDetails(app.db, request.params.id, request.body, app.clock())) }),
  );
}
