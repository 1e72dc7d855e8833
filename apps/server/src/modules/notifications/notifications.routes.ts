import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATION_MSG } from '@aesa/shared/notifications';
import { failureSchema, replies } from '@aesa/shared/schemas/envelope';
import { linkTokenQuery, notificationChoicesResponse, notificationChoicesSaved, notificationChoicesUpdate, unsubscribeLinkResponse } from '@aesa/shared/schemas/notifications';
import { fail } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import * as notifications from './notifications.service.ts';
import { isOneClickForm, isOneClickMultipart } from './one-click-body.ts';
import { isSignedUnsubscribeToken } from './unsubscribe-links.ts';

const ok = true as const;
const FIFTEEN_MINUTES = 15 * 60_000;

/** A member's own choices: which kinds of mail they get. */
export async function notificationChoicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const writeLimit = { max: 60, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip };

  app.get(
    '/profile/me/notifications',
    { config: { access: 'member' }, schema: { operationId: 'getNotificationChoices', summary: 'The kinds of mail the signed-in member gets', response: replies(notificationChoicesResponse) } },
    async (request) => ({ success: ok, ...(await notifications.choicesOf(app.db, requireUser(request).id)) }),
  );

  app.put(
    '/profile/me/notifications',
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: { operationId: 'setNotificationChoices', summary: 'Turn kinds of mail on or off (kinds left out keep their value)', body: notificationChoicesUpdate, response: replies(notificationChoicesSaved) },
    },
    async (request) => ({ success: ok, ...(await notifications.updateChoices(app.db, requireUser(request).id, request.body)) }),
  );
}

// A link's requests are counted per link, not per client address: the big mail providers send
// their users' one-click requests from a few addresses of their own. Only a link this server
// signed is counted on its own, though: each made-up link is a new text, and counting each would
// write a counter row per request, without bound, for a stranger who sends made-up links. Those
// are counted per client address instead, so a flood of them is refused from memory once over.
function perLinkKey(request: FastifyRequest) {
  const token = (request.query as { token?: unknown }).token;
  const signed = typeof token === 'string' && isSignedUnsubscribeToken(request.server.config, token, request.server.clock());
  return signed ? `unsubscribe:${token}` : `unsubscribe-unsigned:${request.ip}`;
}
const perLink = { max: 20, timeWindow: FIFTEEN_MINUTES, keyGenerator: perLinkKey };
const linkRoute = { access: 'public' as const, rateLimit: perLink };

/**
 * The one-click unsubscribe of RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click`,
 * as multipart/form-data or form-encoded, to the link in the List-Unsubscribe header, with no
 * session. The link's signed token is the whole authority, so this is the one route that reads a
 * form body, and it reads exactly that body: JSON and every other form are refused here (the
 * parsers are this plugin's own, so no other route accepts a form).
 */
export async function oneClickUnsubscribeRoutes(fastify: FastifyInstance) {
  fastify.removeAllContentTypeParsers();
  const oneClick = (ok: boolean, done: (err: Error | null, body?: unknown) => void) =>
    ok ? done(null, { 'List-Unsubscribe': 'One-Click' }) : done(fail('UNSUBSCRIBE_ONE_CLICK_BODY'), undefined);
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    oneClick(isOneClickForm(body as string), done),
  );
  fastify.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 2048 }, (request, body, done) =>
    oneClick(isOneClickMultipart(body as string, request.headers['content-type'] ?? ''), done),
  );
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click', { error: NOTIFICATION_MSG.oneClickBodyRequired }) });

  app.post(
    '/unsubscribe',
    {
      config: linkRoute,
      schema: {
        operationId: 'unsubscribeOneClick',
        summary: 'Turn off the kind of mail an unsubscribe link names (RFC 8058 one-click)',
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        querystring: linkTokenQuery,
        body: oneClickBody,
        response: replies(unsubscribeLinkResponse),
      },
    },
    async (request) => ({ success: ok, ...(await notifications.setByLink({ db: app.db, config: app.config, now: app.clock() }, request.query.token, false)) }),
  );
}

/** The unsubscribe link opened in a browser: its page (a GET changes nothing), and the page's undo. */
export async function unsubscribePageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, config: app.config, now: app.clock() });

  // The link in the header is the API's; a person who opens it is sent to the page that says what it does.
  app.get(
    '/unsubscribe',
    { config: linkRoute, schema: { operationId: 'openUnsubscribeLink', summary: 'Send a browser that opens an unsubscribe link to its page', querystring: linkTokenQuery, response: { 303: z.null().describe('To the page /unsubscribe?token=…'), '4xx': failureSchema, '5xx': failureSchema } } },
    async (request, reply) => reply.code(303).redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`),
  );

  app.get(
    '/unsubscribe/link',
    { config: linkRoute, schema: { operationId: 'describeUnsubscribeLink', summary: 'What an unsubscribe link turns off, and whether it is on now', querystring: linkTokenQuery, response: replies(unsubscribeLinkResponse) } },
    async (request) => ({ success: ok, ...(await notifications.describeLink(deps(), request.query.token)) }),
  );

  app.post(
    '/unsubscribe/undo',
    { config: linkRoute, schema: { operationId: 'undoUnsubscribe', summary: 'Turn the kind of mail an unsubscribe link names back on', querystring: linkTokenQuery, response: replies(unsubscribeLinkResponse) } },
    async (request) => ({ success: ok, ...(await notifications.setByLink(deps(), request.query.token, true)) }),
  );
}
