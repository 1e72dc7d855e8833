import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { rsvpBody, rsvpResponse } from '@aesa/shared/schemas/rsvp';
import { requireUser } from '../../plugins/access.ts';
import * as rsvp from './rsvp.service.ts';

const params = z.object({ id: pathIdSchema('EVENT_NOT_FOUND') });
// Answers are counted per member, not per address: a whole campus may share one address.
const answerLimit = { max: 60, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip };
const ok = true as const;

/** Members' answers to events (RSVP). The events admins' Attendees view is in events/event-attendees.routes.ts. */
export async function rsvpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/events/:id/rsvp',
    { config: { access: 'member' }, schema: { operationId: 'getOwnRsvp', summary: "The signed-in member's answer to an event (null before they answered) and its sign-ups", params, response: replies(rsvpResponse) } },
    async (request) => ({ success: ok, ...(await rsvp.ownRsvp(app.db, request.params.id, requireUser(request).id)) }),
  );

  app.put(
    '/events/:id/rsvp',
    {
      config: { access: 'member', rateLimit: answerLimit },
      schema: { operationId: 'answerRsvp', summary: 'Answer Going or Not going to an event: a place, the waitlist, or not going', params, body: rsvpBody, response: replies(rsvpResponse) },
    },
    async (request) => ({ success: ok, ...(await rsvp.answer(app.db, app.config, request.params.id, requireUser(request).id, request.body.answer, app.clock())) }),
  );

}
