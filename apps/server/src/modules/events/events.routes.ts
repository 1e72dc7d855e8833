import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminEventsQuery, eventCreateSchema, eventUpdateSchema, publicEventsQuery, eventDeletedResponse, eventItemSchema, eventResponse, eventsResponse } from '@aesa/shared/schemas/events';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { versionedReplies, versionOnlyBody } from '@aesa/shared/schemas/edit-version';
import { editVersioned, removeVersioned, setETag } from '../../lib/edit-version.ts';
import { fail } from '../../lib/app-error.ts';
import * as ev from './events.service.ts';

const eventAdmin = { access: { admin: 'event' } } as const;
const params = z.object({ id: pathIdSchema('EVENT_NOT_FOUND') });
const ok = true as const;

/** Events: the public list and Event Management (event admins). */
export async function eventsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/events', { config: { access: 'public' }, schema: { operationId: 'listEvents', summary: 'The events', querystring: publicEventsQuery, response: replies(eventsResponse) } }, async (request) => {
    return { success: ok, data: await ev.listPublicEvents(app.db, request.query, app.clock()) };
  });

  app.get('/admin/events', { config: eventAdmin, schema: { operationId: 'listEventsForEditing', summary: 'The events, published or not', querystring: adminEventsQuery, response: replies(eventsResponse) } }, async (request) => {
    return { success: ok, data: await ev.listAllEvents(app.db, request.query) };
  });

  app.get('/admin/events/:id', { config: eventAdmin, schema: { operationId: 'getEventForEditing', summary: 'One event as an event admin edits it', params, response: replies(eventResponse) } }, async (request, reply) => {
    const event = await ev.findEvent(app.db, request.params.id);
    if (!event) throw fail('EVENT_NOT_FOUND');
    return { success: ok, event: setETag(reply, event) };
  });

  app.post('/admin/events', { config: eventAdmin, schema: { operationId: 'createEvent', summary: 'Create an event', body: eventCreateSchema, response: replies(eventResponse, 201) } }, async (request, reply) => {
    const event = await ev.createEvent(app.db, request.body, app.clock());
    return reply.status(201).send({ success: ok, event: setETag(reply, event) });
  });

  // A change or delete names the version it was made from (If-Match or `version`; decision 054).
  const edit = (id: string) => ({ target: 'event' as const, id, read: () => ev.findEvent(app.db, id), notFound: 'EVENT_NOT_FOUND' as const });

  app.patch('/admin/events/:id', { config: eventAdmin, schema: { operationId: 'updateEvent', summary: 'Change an event', params, body: eventUpdateSchema, response: versionedReplies(eventResponse, eventItemSchema) } }, async (request, reply) => {
    const { id } = request.params;
    return { success: ok, event: await editVersioned(request, reply, edit(id), (version) => ev.updateEvent(app.db, app.config, id, version, request.body)) };
  });

  app.delete('/admin/events/:id', { config: eventAdmin, schema: { operationId: 'deleteEvent', summary: 'Delete an event', params, body: versionOnlyBody, response: versionedReplies(eventDeletedResponse, eventItemSchema) } }, async (request) => {
    const { id } = request.params;
    await removeVersioned(request, edit(id), (version) => ev.deleteEvent(app.db, id, version));
    return { success: ok };
  });
}
