import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sealClosedElections } from './ballot-storage.ts';

/** How often this process looks for closed elections whose ballots are not sealed yet. */
export const SEAL_SWEEP_MS = 60_000;

/**
 * Seals the ballots of closed elections (ballot-storage.ts): once soon after start, then every
 * minute. A failure is logged and tried again on the next sweep; votes never wait for it.
 */
export default fp(async function ballotStorage(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sealClosedElections(app.database.pool, app.clock())
      .then((n) => n > 0 && app.log.info({ elections: n }, 'ballots sealed after voting closed'))
      .catch((err: unknown) => app.log.error({ err }, 'sealing the ballots of closed elections failed'));
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(function again() {
      sweep();
      timer = setTimeout(again, SEAL_SWEEP_MS);
      timer.unref();
    }, 5_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
});
