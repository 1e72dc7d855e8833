import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startMailWorker } from '../mail/mail.worker.ts';
import { deleteExpiredRateLimits } from '../../lib/rate-limits/rate-limits.queries.ts';
import { queueDueReminders } from '../rsvp/rsvp.service.ts';
import { sealClosedElections } from '../voting/ballot-storage.ts';
import { refreshGrownStatistics } from '../voting/vote-table-statistics.ts';
import { JobsLeader, type RunningJobs } from '../../db/jobs-leader.ts';
import { repeat } from './repeat.ts';

/** Spent rate-limit windows are deleted this often. */
const RATE_LIMIT_SWEEP_MS = 60_000;
/** How often closed elections whose ballots are not sealed yet are looked for (voting/ballot-storage.ts). */
const SEAL_SWEEP_MS = 60_000;
/**
 * How often the tables voting fills are checked for having outgrown what the planner knows of them
 * (voting/vote-table-statistics.ts): within this time of a storm's first thousand votes, every
 * connection reads them by key again.
 */
const VOTE_TABLES_CHECK_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles which process runs the background jobs (db/jobs-leader.ts). */
    jobsLeader: JobsLeader;
  }
}

/**
 * The background jobs, run by one process of all those serving this database (db/jobs-leader.ts):
 * the mail worker, when a mail server is configured (without SMTP_URL mail stays in the outbox
 * for the dev mailbox), the sweep of spent rate-limit windows, the sealing of closed elections'
 * ballots, the tick that freezes voter rolls, closes election records on time and queues the
 * notices that voting opened, the reminders of tomorrow's events (each queued once,
 * rsvp.service.ts), and the planner's figures of the tables voting fills, refreshed as they grow.
 * They start when the app is ready and this process holds the lock, and stop when it closes:
 * after the server stopped taking requests, the mail worker finishes the message it is sending,
 * so a restart never sends one twice or loses one.
 */
export default fp(async function backgroundJobs(app: FastifyInstance) {
  const { config } = app;
  const lead = (): RunningJobs => {
    const mail = config.smtpUrl
      ? startMailWorker({ db: app.db, config, smtpUrl: config.smtpUrl, from: config.mailFrom, perMinute: config.mailPerMinute, pollMs: config.mailPollMs, retryBaseMs: config.mailRetryBaseMs, log: app.log })
      : undefined;
    const warn = (what: string) => (err: unknown) => app.log.warn({ err: (err as Error).message }, what);
    const repeating = [
      repeat(() => deleteExpiredRateLimits(app.directDb), { everyMs: RATE_LIMIT_SWEEP_MS, onError: warn('rate limits: sweeping spent windows failed') }),
      repeat(
        async () => {
          const n = await sealClosedElections(app.directPool, app.clock());
          if (n > 0) app.log.info({ elections: n }, 'ballots sealed after voting closed');
        },
        { everyMs: SEAL_SWEEP_MS, firstAfterMs: 5_000, onError: warn('sealing the ballots of closed elections failed') },
      ),
      repeat(
        async () => {
          const tables = await refreshGrownStatistics(app.directPool);
          if (tables.length > 0) app.log.info({ tables }, 'planner statistics refreshed: the tables voting fills outgrew what the planner knew');
        },
        { everyMs: VOTE_TABLES_CHECK_MS, onError: warn('refreshing the statistics of the tables voting fills failed') },
      ),
      // Rolls frozen and records closed for the elections no request has touched since; then the
      // notices that voting opened (never in a request: election-record/election-notices.ts).
      ...(config.electionRecordTickMs > 0 ? [repeat(() => app.electionRecord.tick(), { everyMs: config.electionRecordTickMs, onError: warn('election record tick failed') })] : []),
      ...(config.eventReminderTickMs > 0
        ? [repeat(() => queueDueReminders(app.directDb, config, app.clock()), { everyMs: config.eventReminderTickMs, firstAfterMs: 0, onError: warn('queueing event reminders failed') })]
        : []),
    ];
    return {
      async stop() {
        await Promise.all(repeating.map((job) => job.stop()));
        await mail?.stop();
      },
    };
  };
  const leader = new JobsLeader({ url: app.database.url, retryMs: config.jobsRetryMs, lead, log: app.log });
  app.decorate('jobsLeader', leader);
  app.addHook('onReady', async () => leader.start());
  app.addHook('onClose', async () => leader.stop());
});
