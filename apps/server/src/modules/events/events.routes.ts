import type { FastifyInstance } from 'fastify';
import { adminEventsQuery, EVENT_MSG, eventCreateSchema, eventUpdateSchema, publicEventsQuery } from '@aesa/shared/events';
import { parseWith } from '../../lib/validate.ts';
import { idParam } from '../admin/admin-db.ts';
import * as ev from './events.service.ts';

const eventAdmin = { access: { admin: 'event' } } as const;

/** Events: the public list (spec 01 §7 GET /events) and Event Management (spec 02 §2.7). */
export async function eventsRoutes(app: FastifyInstance) {
  app.get('/events', { config: { access: 'public' } }, async (request) => {
    const query = parseWith(publicEventsQuery, request.query);
    return { success: true, data: await ev.listPublicEvents(app.db, query, app.clock()) };
  });

  app.get('/admin/events', { config: eventAdmin }, async (request) => {
    const query = parseWith(adminEventsQuery, request.query);
    return { success: true, data: await ev.listAllEvents(app.db, query) };
  });

  app.post('/admin/events', { config: eventAdmin }, async (request, reply) => {
    const input = parseWith(eventCreateSchema, request.body);
    reply.status(201);
    return { success: true, event: await ev.createEvent(app.db, input, app.clock()) };
  });

  app.patch('/admin/events/:id', { config: eventAdmin }, async (request) => {
    const id = idParam(request.params, EVENT_MSG.notFound);
    const input = parseWith(eventUpdateSchema, request.body);
    return { success: true, event: await ev.updateEvent(app.db, id, input) };
  });

  app.delete('/admin/events/:id', { config: eventAdmin }, async (request) => {
    await ev.deleteEvent(app.db, idParam(request.params, EVENT_MSG.notFound));
    return { success: true };
  });
}
