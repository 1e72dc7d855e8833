import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startMailWorker } from '../mail/mail.worker.ts';
import { deleteExpiredRateLimits } from '../rate-limits/rate-limits.queries.ts';
import { JobsLeader, type RunningJobs } from './jobs-leader.ts';

/** Spent rate-limit windows are deleted this often. */
const RATE_LIMIT_SWEEP_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles which process runs the background jobs (jobs-leader.ts). */
    jobsLeader: JobsLeader;
  }
}

/**
 * The background jobs, run by one process of all those serving this database (jobs-leader.ts):
 * the mail worker, when a mail server is configured (without SMTP_URL mail stays in the outbox
 * for the dev mailbox), and the sweep of spent rate-limit windows. They start when the app is
 * ready and this process holds the lock, and stop when it closes: after the server stopped
 * taking requests, the mail worker finishes the message it is sending, so a restart never sends
 * one twice or loses one.
 */
export default fp(async function backgroundJobs(app: FastifyInstance) {
  const { config } = app;
  const lead = (): RunningJobs => {
    const mail = config.smtpUrl
      ? startMailWorker({ db: app.db, smtpUrl: config.smtpUrl, from: config.mailFrom, perMinute: config.mailPerMinute, pollMs: config.mailPollMs, retryBaseMs: config.mailRetryBaseMs, log: app.log })
      : undefined;
    const sweep = setInterval(() => {
      deleteExpiredRateLimits(app.database.db).catch((err: unknown) => app.log.warn({ err: (err as Error).message }, 'rate limits: sweeping spent windows failed'));
    }, RATE_LIMIT_SWEEP_MS);
    sweep.unref();
    return {
      async stop() {
        clearInterval(sweep);
        await mail?.stop();
      },
    };
  };
  const leader = new JobsLeader({ url: app.database.url, retryMs: config.jobsRetryMs, lead, log: app.log });
  app.decorate('jobsLeader', leader);
  app.addHook('onReady', async () => leader.start());
  app.addHook('onClose', async () => leader.stop());
});
