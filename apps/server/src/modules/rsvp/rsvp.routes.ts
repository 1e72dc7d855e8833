import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { attendeesResponse, rsvpBody, rsvpResponse } from '@aesa/shared/schemas/rsvp';
import { fail } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import { findEvent } from '../events/events.queries.ts';
import * as rsvp from './rsvp.service.ts';
import { listAttendees } from './rsvp.queries.ts';

const params = z.object({ id: pathIdSchema('EVENT_NOT_FOUND') });
// Answers are counted per member, not per address: a whole campus may share one address.
const answerLimit = { max: 60, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip };
const ok = true as const;

/** Members' answers to events (RSVP) and the events admins' Attendees view. */
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

  app.get(
    '/admin/events/:id/attendees',
    { config: { access: { admin: 'event' } }, schema: { operationId: 'listEventAttendees', summary: "An event's answers: going, the waitlist in order, not going", params, response: replies(attendeesResponse) } },
    async (request) => {
      const event = await findEvent(app.db, request.params.id);
      if (!event) throw fail('EVENT_NOT_FOUND');
      return { success: ok, event, sign_ups: await rsvp.signUps(app.db, event), attendees: await listAttendees(app.db, event.id) };
    },
  );
}
