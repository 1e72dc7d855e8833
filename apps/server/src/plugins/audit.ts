import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordAudit } from '../modules/audit/audit.service.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Records every admin write after it is answered (denied calls are recorded by the access plugin). */
export default fp(async function audit(app: FastifyInstance) {
  // A callback hook: reads (most requests) leave at once, without a promise or a route lookup.
  app.addHook('onResponse', (request, reply, done) => {
    if (READS.has(request.method)) return done();
    const rule = request.routeOptions.config?.access;
    if (!rule || typeof rule !== 'object') return done();
    if (reply.statusCode === 401 || reply.statusCode === 403) return done();
    const outcome = reply.statusCode < 400 ? 'ok' : 'failed';
    recordAudit(app.db, request, { outcome, statusCode: reply.statusCode })
      .catch((err) => request.log.error({ err }, 'audit write failed'))
      .finally(() => done());
  });
});
