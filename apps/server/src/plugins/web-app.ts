import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { EventKind } from '@aesa/shared/events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MSG } from '@aesa/shared/messages';
import { sendHtml } from '../lib/html-answer.ts';
import { SERVER_DIR } from '../lib/server-dir.ts';

export const WEB_DIST = path.resolve(SERVER_DIR, '../web/dist');

/** The built index.html, or null before `npm run build`. */
export function readIndexHtml(): string | null {
  const file = path.join(WEB_DIST, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

/**
 * The public pages the build prerenders (apps/web/scripts/build.mjs writes
 * dist/prerendered/<name>.html): index.html with the page's visitor view already in it, which
 * the client hydrates. `eventDetail` is the frame of any event's page (see event-page.routes.ts).
 */
export const PRERENDERED_PATHS = {
  '/': 'home',
  '/about': 'about',
  '/events': 'events',
  '/aerointel': 'aerointel',
  '/elections': 'elections',
  '/members': 'members',
} as const;
export type PrerenderedPageName = (typeof PRERENDERED_PATHS)[keyof typeof PRERENDERED_PATHS] | 'event-detail';
export type PrerenderedPages = Partial<Record<PrerenderedPageName, string>>;

/** The built prerendered pages; those not built are missing, and their paths get index.html. */
export function readPrerenderedPages(): PrerenderedPages {
  const names: PrerenderedPageName[] = [...Object.values(PRERENDERED_PATHS), 'event-detail'];
  const pages: PrerenderedPages = {};
  for (const name of names) {
    const file = path.join(WEB_DIST, 'prerendered', `${name}.html`);
    if (fs.existsSync(file)) pages[name] = fs.readFileSync(file, 'utf8');
  }
  return pages;
}

/**
 * The drawing of each kind of event, at the address the build gave it (the build writes
 * dist/prerendered/event-art.json): an event without a flyer shows it, and the server writes it
 * into the event's page. Empty before `npm run build`.
 */
export type EventArt = Partial<Record<EventKind, string>>;

export function readEventArt(): EventArt {
  const file = path.join(WEB_DIST, 'prerendered', 'event-art.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as EventArt) : {};
}

/**
 * The prerendered page for an address, if it has one. The members' directory is drawn without
 * filters: with a query (filters, a page number) its first render differs, so index.html serves it.
 */
export function prerenderedPageFor(url: string, pages: PrerenderedPages): string | undefined {
  const [pathname = '', query] = url.split('?');
  const name = Object.hasOwn(PRERENDERED_PATHS, pathname) ? PRERENDERED_PATHS[pathname as keyof typeof PRERENDERED_PATHS] : undefined;
  if (!name || (name === 'members' && query)) return undefined;
  return pages[name];
}

/**
 * The answer to an address no route serves: the JSON 404 under /api, /uploads, for files and
 * for other methods; a public page's prerendered HTML; otherwise index.html, whose router shows
 * the page or the site's 404 page.
 */
export function unknownAddress(indexHtml: string | null, prerendered: PrerenderedPages = {}) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/uploads/') || request.method !== 'GET' || path.extname(url)) {
      return reply.status(404).send({ success: false, error: SERVER_MSG.notFound, code: 'NOT_FOUND' });
    }
    // A route that answered "not found" on purpose keeps its 404 (see dev-mail.routes.ts).
    if (!indexHtml) return reply.status(reply.statusCode === 404 ? 404 : 503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    return sendHtml(request, reply, prerenderedPageFor(request.url, prerendered) ?? indexHtml, { fixed: true });
  };
}

/**
 * Serves the built single-page app: hashed assets cached for a year, HTML never cached, the
 * public pages prerendered, and index.html for every other non-API path so the client router
 * can answer it.
 */
export async function webApp(app: FastifyInstance, { indexHtml, prerendered }: { indexHtml: string | null; prerendered: PrerenderedPages }) {
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // A prerendered page is sent at its own path only: elsewhere its markup is not that path's.
      allowedPath: (pathName) => !pathName.startsWith('/prerendered/'),
      setHeaders(res, file) {
        res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(unknownAddress(indexHtml, prerendered));
}
