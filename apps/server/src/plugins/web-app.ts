import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MSG } from '@aesa/shared/messages';
import { SERVER_DIR } from '../lib/server-dir.ts';

export const WEB_DIST = path.resolve(SERVER_DIR, '../web/dist');

/** The built index.html, or null before `npm run build`. */
export function readIndexHtml(): string | null {
  const file = path.join(WEB_DIST, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

/**
 * The answer to an address no route serves: the JSON 404 under /api, /uploads, for files and
 * for other methods; otherwise index.html, whose router shows the page or the site's 404 page.
 */
export function unknownAddress(indexHtml: string | null) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/uploads/') || request.method !== 'GET' || path.extname(url)) {
      return reply.status(404).send({ success: false, error: SERVER_MSG.notFound, code: 'NOT_FOUND' });
    }
    // A route that answered "not found" on purpose keeps its 404 (see dev-mail.routes.ts).
    if (!indexHtml) return reply.status(reply.statusCode === 404 ? 404 : 503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  };
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * and index.html for every other non-API path so the client router can answer it.
 */
export async function webApp(app: FastifyInstance, { indexHtml }: { indexHtml: string | null }) {
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(res, file) {
        res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(unknownAddress(indexHtml));
}
