import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHECK_IN_MSG } from '@aesa/shared/check-in';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { checkInResponse, checkInSchema, checkInsResponse, membershipCodeResponse } from '@aesa/shared/schemas/check-in';
import { requireUser } from '../../plugins/access.ts';
import * as checkIns from './check-in.service.ts';

const eventAdmin = { access: { admin: 'event' } } as const;
const params = z.object({ id: pathIdSchema('EVENT_NOT_FOUND') });
const ok = true as const;
// Renewals are counted per member: a whole campus may share one client address.
const renewLimit = { max: 20, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip };

/** Check-in at the door: the member's own membership code, and the events admins' check-in. */
export async function checkInRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/profile/me/membership-code',
    { config: { access: 'member' }, schema: { operationId: 'getMembershipCode', summary: "The signed-in member's membership code (the QR's text and squares)", response: replies(membershipCodeResponse) } },
    async (request) => ({ success: ok, ...(await checkIns.ownCode(app, requireUser(request).id)) }),
  );

  app.post(
    '/profile/me/membership-code',
    {
      config: { access: 'member', rateLimit: renewLimit },
      schema: { operationId: 'renewMembershipCode', summary: 'Renew the membership code; the old code stops working', response: replies(membershipCodeResponse) },
    },
    async (request) => ({ success: ok, message: CHECK_IN_MSG.renewed, ...(await checkIns.renewCode(app, requireUser(request).id)) }),
  );

  app.post(
    '/admin/events/:id/check-in',
    {
      config: eventAdmin,
      schema: { operationId: 'checkInMember', summary: 'Check a member in at an event by membership code or matric number', params, body: checkInSchema, response: replies(checkInResponse) },
    },
    async (request) => ({ success: ok, ...(await checkIns.checkIn(app, request.params.id, request.body, requireUser(request).id)) }),
  );

  app.get(
    '/admin/events/:id/check-ins',
    { config: eventAdmin, schema: { operationId: 'listEventCheckIns', summary: "An event's check-ins, the latest first", params, response: replies(checkInsResponse) } },
    async (request) => ({ success: ok, ...(await checkIns.eventCheckIns(app, request.params.id)) }),
  );
}
