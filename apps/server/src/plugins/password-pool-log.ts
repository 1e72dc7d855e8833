import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { passwordPool } from '../lib/passwords.ts';

/** How often the password pool's figures are looked at. */
const EVERY_MS = 10_000;

/**
 * The password pool's figures in the log (decision 043): a warning for every 10 s in which
 * sign-ins were turned away (how many, the queue, the measured time of a check), and an info line
 * when checks had to wait over a second. Quiet otherwise.
 */
export default fp(async function passwordPoolLog(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    passwordPool.takeStats(); // start counting from now
    timer = setInterval(() => {
      const stats = passwordPool.takeStats();
      const pool = { ...stats, averageWaitMs: stats.completed ? Math.round(stats.waitedMs / stats.completed) : 0, maxWaitMs: Math.round(stats.maxWaitMs), waitedMs: undefined };
      if (stats.refused > 0) app.log.warn({ passwordPool: pool }, `sign-ins turned away: ${stats.refused} in the last ${EVERY_MS / 1000} s (password checks busy)`);
      else if (stats.maxWaitMs > 1000) app.log.info({ passwordPool: pool }, 'password checks queued over a second');
    }, EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
