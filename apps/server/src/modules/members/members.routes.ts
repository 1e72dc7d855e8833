import type { FastifyInstance } from 'fastify';
import { membersQuerySchema } from '@aesa/shared/members';
import { parseWith } from '../../lib/validate.ts';
import { listMembers } from './members.service.ts';

export async function membersRoutes(app: FastifyInstance) {
  // No rate limit: a public, indexed read (a few ms at 10,000 members, see bench/members-directory-explain.ts).
  app.get('/members', { config: { access: 'public' } }, async (request) => {
    const query = parseWith(membersQuerySchema, request.query);
    return { success: true, ...(await listMembers(app.db, query)) };
  });
}
