import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFileSchema, eventResponse, publicEventsQuery } from '@aesa/shared/schemas/events';
import { failureSchema, pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { fail } from '../../lib/app-error.ts';
import { sendHtml } from '../../lib/html-answer.ts';
import type { EventArt } from '../../plugins/web-app.ts';
import { calendarFileName } from './calendar.ts';
import { withEventList, withEventPreview, withPageHead } from './event-page-head.ts';
import { eventCalendar, eventCardPreviews, eventPageHead, eventPreview, eventsFeed, FEED_RECENT_DAYS } from './event-page.service.ts';
import { findEvent, listPublicEvents } from './events.service.ts';

const params = z.object({ id: pathIdSchema('EVENT_NOT_FOUND') });
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** An answer in iCalendar, documented with its own content type. */
const calendarReplies = (description: string) => ({
  200: { description, content: { 'text/calendar': { schema: calendarFileSchema } } },
  '4xx': failureSchema,
  '5xx': failureSchema,
});

function sendCalendar(reply: FastifyReply, text: string, disposition: string) {
  // Calendars fetch again on their own schedule; a stale copy must not hide a cancellation.
  return reply.type(CALENDAR_TYPE).header('content-disposition', disposition).header('cache-control', 'no-cache').send(text);
}

/** The public event and its calendar file, under /api. */
export async function eventPageApiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/events/:id',
    {
      config: { access: 'public' },
      schema: { operationId: 'getEvent', summary: 'One event, past or upcoming, whatever its status.', params, response: replies(eventResponse) },
    },
    async (request) => {
      const event = await findEvent(app.db, request.params.id);
      if (!event) throw fail('EVENT_NOT_FOUND');
      return { success: true as const, event };
    },
  );

  app.get(
    '/events/:id/calendar.ics',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getEventCalendarFile',
        summary: "One event as an iCalendar file to add to one's calendar.",
        params,
        response: calendarReplies('The event as an iCalendar file (an attachment named after the event).'),
      },
    },
    async (request, reply) => {
      const event = await findEvent(app.db, request.params.id);
      if (!event) throw fail('EVENT_NOT_FOUND');
      const text = eventCalendar(app.config, event, app.clock());
      return sendCalendar(reply, text, `attachment; filename="${calendarFileName(event.title)}"`);
    },
  );
}

/**
 * Outside /api: the event's page (the app's prerendered event frame, or index.html, with the
 * event's title, words and picture in its head, for link previews, and the event itself in the
 * frame, drawn before any script) and the calendar feed at the
 * address people subscribe to.
 */
export async function eventPageRoutes(
  app: FastifyInstance,
  { pageHtml, listHtml = null, eventArt = {} }: { pageHtml: string | null; listHtml?: string | null; eventArt?: EventArt },
) {
  // The Events page with the upcoming events drawn in: the same list, by the same query and
  // defaults, as the app's first request (GET /api/events), so its own list replaces this one
  // with the same cards. Without a built page it falls to index.html, as any page does.
  const firstRequest = publicEventsQuery.parse({});
  app.get('/events', { config: { access: 'public' } }, async (request, reply) => {
    if (!listHtml) return reply.callNotFound();
    const upcoming = await listPublicEvents(app.db, firstRequest, app.clock()).catch((err: unknown) => {
      // The page still works without them: the app asks for the list itself and says if it fails.
      request.log.error({ err }, 'the events page is sent without its list');
      return null;
    });
    // None (or none read): the page as built, whose loading state the app turns into its notice.
    if (!upcoming?.length) return sendHtml(request, reply, listHtml, { fixed: true });
    const cards = eventCardPreviews(app.config, upcoming, app.clock(), eventArt);
    return sendHtml(request, reply, withEventList(listHtml, cards, app.config.publicUrl));
  });

  app.get<{ Params: { id: string } }>('/events/:id', { config: { access: 'public' } }, async (request, reply) => {
    const { id } = request.params;
    const event = z.uuid().safeParse(id).success ? await findEvent(app.db, id) : null;
    // No such event: the app's not-found page, with a 404 status (see plugins/web-app.ts).
    if (!event) reply.code(404);
    if (!event || !pageHtml) return reply.callNotFound();
    return sendHtml(request, reply, withEventPreview(withPageHead(pageHtml, eventPageHead(app.config, event)), eventPreview(app.config, event, app.clock(), eventArt)));
  });

  app.get(
    '/events.ics',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getEventsFeed',
        summary: `The events calendar feed to subscribe to: upcoming events and those of the last ${FEED_RECENT_DAYS} days.`,
        response: calendarReplies(`Every upcoming event and those of the last ${FEED_RECENT_DAYS} days, cancelled and postponed ones included.`),
      },
    },
    async (_request, reply) => sendCalendar(reply, await eventsFeed(app.db, app.config, app.clock()), 'inline; filename="events.ics"'),
  );
}
