import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Audit this write although its access is not an admin module (it checks admin rights itself,
     * or is the site's first admin act). Writes declaring `{ admin: module }` are audited anyway.
     */
    audit?: true;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The audit trail of admin writes (decision 021). Each audited route's handler runs in one
 * transaction with its 'ok' entry (modules/audit/audit.service.ts), so the entry is there when
 * the answer leaves and absent when the change fails. A call that fails (4xx other than 401/403,
 * or 5xx other than 503) by a signed-in caller is recorded as 'failed' before its answer leaves; refused calls
 * (403) are recorded as 'denied' where they are refused (plugins/access.ts, admin-guard.ts).
 * Must be registered before the routes (it wraps them as they are added).
 */
/**
 * The audit trail as this plugin uses it, given where the app is put together (app.ts), so that
 * the plugin knows no feature's tables or services.
 */
export interface AuditTrail {
  /** Runs an audited write's handler in one transaction with its 'ok' entry. */
  runAudited(request: FastifyRequest, reply: FastifyReply, handler: () => unknown): Promise<unknown>;
  /** Records a write that failed with `statusCode`, outside the request's transaction. */
  recordFailed(request: FastifyRequest, statusCode: number): Promise<void>;
}

export default fp<{ trail: AuditTrail }>(async function audit(app: FastifyInstance, { trail }: { trail: AuditTrail }) {
  app.decorateRequest('auditWritten', false);
  app.decorateRequest('auditSubject', null);

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((m) => READS.has(m))) return;
    const rule = route.config?.access;
    if (!(rule && typeof rule === 'object') && !route.config?.audit) return;

    const handler = route.handler;
    route.handler = function auditedHandler(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      return trail.runAudited(request, reply, () => handler.call(this, request, reply));
    };

    const recordFailure = async (request: FastifyRequest, reply: FastifyReply) => {
      const status = reply.statusCode;
      // 503: the database is away, so the entry could not be written (and trying would hold the
      // answer for the connection timeout).
      if (status < 400 || status === 401 || status === 403 || status === 503 || request.auditWritten || !request.user) return;
      await trail.recordFailed(request, status).catch((err: unknown) => request.log.error({ err }, 'audit write failed'));
    };
    route.onSend = [route.onSend ?? []].flat().concat(recordFailure as never);
  });
});
