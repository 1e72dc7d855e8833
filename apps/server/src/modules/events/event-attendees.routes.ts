import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { attendeesResponse } from '@aesa/shared/schemas/rsvp';
import { fail } from '../../lib/app-error.ts';
import * as rsvp from '../rsvp/rsvp.service.ts';
import { listAttendees } from '../rsvp/rsvp.queries.ts';
import { findEvent } from './events.queries.ts';

const params = z.object({ id: pathIdSchema('EVENT_NOT_FOUND') });
const ok = true as const;

/**
 * The events admins' Attendees view of one event. It lives with the events (which already tell
 * the RSVPs of each edit), so that the RSVP module never reads back into the events module.
 */
export async function eventAttendeesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
