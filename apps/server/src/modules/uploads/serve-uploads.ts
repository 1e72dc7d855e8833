import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves stored images. Names are unique per upload, so they can be cached for a year. */
export async function serveUploads(app: FastifyInstance) {
  fs.mkdirSync(app.config.uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(res) {
      res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
}
