import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainEventChannel } from '../db/domain-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain events of every process, over this process's one LISTEN connection. */
    domainEvents: DomainEventChannel;
  }
}

/**
 * One LISTEN connection per process (db/domain-events.ts): features register their handlers while
 * the app is built; the connection opens when the app is ready and closes with it.
 */
export default fp(async function domainEvents(app: FastifyInstance) {
  const channel = new DomainEventChannel(app.database.url, app.log);
  app.decorate('domainEvents', channel);
  app.addHook('onReady', () => channel.start());
  app.addHook('onClose', () => channel.stop());
});
