import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVER_MSG } from '@aesa/shared/messages';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * and index.html for every other non-API path so the client router can answer it.
 */
export async function webApp(app: FastifyInstance) {
  const hasBuild = fs.existsSync(path.join(WEB_DIST, 'index.html'));
  if (hasBuild) {
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
  const indexHtml = hasBuild ? fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/uploads/') || request.method !== 'GET' || path.extname(url)) {
      return reply.status(404).send({ success: false, error: SERVER_MSG.notFound, code: 'NOT_FOUND' });
    }
    // A route that answered "not found" on purpose keeps its 404 (see dev-mail.routes.ts).
    if (!indexHtml) return reply.status(reply.statusCode === 404 ? 404 : 503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
