import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DirectoryCache } from './directory-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    directoryCache: DirectoryCache;
  }
  interface FastifyContextConfig {
    /** A write route that never changes what the directory shows (votes, log-in): it keeps the cache. */
    directoryUnaffected?: true;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The members directory cache of this process and what keeps it true:
 * - in this process, every write route (except those marked `directoryUnaffected`) drops the
 *   cache before its answer leaves, so whoever sees the answer of a sign-up, activation, profile
 *   edit or role change sees the new directory with their next read;
 * - from anywhere (other processes, scripts, manual SQL), the database triggers announce each
 *   change to users, member_roles and user_skills on the aesa_directory channel at commit, and
 *   this process drops the cache when it hears it (milliseconds; the `directory.changed` domain
 *   event, plugins/domain-events.ts);
 * - without the LISTEN connection the cache is off.
 * Must be registered before the routes (it watches them being added).
 */
export default fp(async function directoryCachePlugin(app: FastifyInstance) {
  const cache = new DirectoryCache();
  app.decorate('directoryCache', cache);

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((m) => READS.has(m)) || route.config?.directoryUnaffected) return;
    const invalidate = (_request: unknown, reply: { statusCode: number }, payload: unknown, done: (err: null, payload: unknown) => void) => {
      // A refused request (4xx) changed nothing; an error (5xx) may have, half-way.
      if (reply.statusCode < 400 || reply.statusCode >= 500) cache.invalidate();
      done(null, payload);
    };
    route.onSend = [route.onSend ?? []].flat().concat(invalidate as never);
  });

  app.domainEvents.on('directory.changed', () => cache.announced());
  app.domainEvents.onConnection((connected) => {
    cache.enabled = connected;
  });
});
