import type { FastifyInstance } from 'fastify';
import { startMailWorker } from './modules/mail/mail.worker.ts';

/** Work that runs beside the HTTP server: the mail worker (when SMTP is configured). */
export function startBackgroundWork(app: FastifyInstance) {
  const { config } = app;
  const workers: { stop(): Promise<void> }[] = [];
  if (config.smtpUrl) {
    workers.push(
      startMailWorker({ db: app.db, smtpUrl: config.smtpUrl, from: config.mailFrom, perMinute: config.mailPerMinute, pollMs: config.mailPollMs, retryBaseMs: config.mailRetryBaseMs, log: app.log }),
    );
  }
  return { stop: () => Promise.all(workers.map((w) => w.stop())).then(() => undefined) };
}
