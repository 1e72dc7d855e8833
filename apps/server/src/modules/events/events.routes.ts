import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_MSG } from '@aesa/shared/events';
import { adminEventsQuery, eventCreateSchema, eventUpdateSchema, publicEventsQuery, eventDeletedResponse, eventResponse, eventsResponse } from '@aesa/shared/schemas/events';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import * as ev from './events.service.ts';

const eventAdmin = { access: { admin: 'event' } } as const;
const params = z.object({ id: pathIdSchema(EVENT_MSG.notFound) });
const ok = true as const;

/** Events: the public list and Event Management (event admins). */
export async function eventsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/events', { config: { access: 'public' }, schema: { querystring: publicEventsQuery, response: replies(eventsResponse) } }, async (request) => {
    return { success: ok, data: await ev.listPublicEvents(app.db, request.query, app.clock()) };
  });

  app.get('/admin/events', { config: eventAdmin, schema: { querystring: adminEventsQuery, response: replies(eventsResponse) } }, async (request) => {
    return { success: ok, data: await ev.listAllEvents(app.db, request.query) };
  });

  app.post('/admin/events', { config: eventAdmin, schema: { body: eventCreateSchema, response: replies(eventResponse, 201) } }, async (request, reply) => {
    return reply.status(201).send({ success: ok, event: await ev.createEvent(app.db, request.body, app.clock()) });
  });

  app.patch('/admin/events/:id', { config: eventAdmin, schema: { params, body: eventUpdateSchema, response: replies(eventResponse) } }, async (request) => {
    return { success: ok, event: await ev.updateEvent(app.db, request.params.id, request.body) };
  });

  app.delete('/admin/events/:id', { config: eventAdmin, schema: { params, response: replies(eventDeletedResponse) } }, async (request) => {
    await ev.deleteEvent(app.db, request.params.id);
    return { success: ok };
  });
}
