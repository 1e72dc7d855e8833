import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startMailWorker } from './mail.worker.ts';

/**
 * The mail worker, beside the HTTP server in the same process, when a mail server is configured
 * (without SMTP_URL mail stays in the outbox for the dev mailbox). It starts when the app is
 * ready and stops when it closes: after the server stopped taking requests, it finishes the
 * message it is sending, so a restart never sends one twice or loses one.
 */
export default fp(async function mailWorker(app: FastifyInstance) {
  const { config } = app;
  if (!config.smtpUrl) return;
  let worker: ReturnType<typeof startMailWorker> | undefined;
  app.addHook('onReady', async () => {
    worker = startMailWorker({ db: app.db, smtpUrl: config.smtpUrl!, from: config.mailFrom, perMinute: config.mailPerMinute, pollMs: config.mailPollMs, retryBaseMs: config.mailRetryBaseMs, log: app.log });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
});
