import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberDetailsResponse, memberDetailsSchema, memberDetailsUpdateSchema } from '@aesa/shared/schemas/admin';
import { pathIdSchema } from '@aesa/shared/schemas/envelope';
import { versionedReplies } from '@aesa/shared/schemas/edit-version';
import { editVersioned } from '../../lib/edit-version.ts';
import { correctMemberDetails, findMemberDetails, savedMessage } from './member-details.service.ts';

/** Data admins correct a member's level and enrolment year (audited, as every admin write). */
export async function memberDetailsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: pathIdSchema('MEMBER_NOT_FOUND') });
  app.patch(
    '/admin/members/:id',
    { config: { access: { admin: 'data' } }, schema: { operationId: 'updateMember', summary: "Change a member's details", params, body: memberDetailsUpdateSchema, response: versionedReplies(memberDetailsResponse, memberDetailsSchema) } },
    async (request, reply) => {
      // A correction names the version it was made from (If-Match or `version`; decision 054).
      const { id } = request.params;
      const edit = { target: 'member' as const, id, read: () => findMemberDetails(app.db, id), notFound: 'MEMBER_NOT_FOUND' as const };
      const member = await editVersioned(request, reply, edit, (version) => correctMemberDetails(app.db, id, version, request.body, app.clock()));
      return { success: true as const, message: savedMessage(member), member };
    },
  );
}
