import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How often, while stopping, the connections that have gone idle are closed. */
const SWEEP_MS = 100;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when this process starts to stop (its `close()` has begun). */
    stopping: boolean;
  }
}

/**
 * Whether this process is stopping, and its keep-alive connections closed as their requests
 * finish.
 *
 * Closing the server ends only the connections that are idle at that moment. A connection that
 * is answering a request then stays open after the answer, idle, until the keep-alive timeout
 * (72 s) or the client closes it, and the process cannot exit meanwhile. Under load, a stop
 * therefore waited out the primary's 30 s grace and the server processes were killed. Now, once
 * the stop begins:
 * - every answer says `Connection: close`, so the client does not send another request on a
 *   connection that is about to end;
 * - the connections that have gone idle since are closed every 100 ms.
 * A request in progress is never cut.
 */
export default fp(async function stopping(app: FastifyInstance) {
  app.decorate('stopping', false);
  let sweep: NodeJS.Timeout | undefined;
  // Callback style, not async: it runs on every answer, and costs no promise when not stopping.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', async () => {
    app.stopping = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
}, { name: 'stopping' });
