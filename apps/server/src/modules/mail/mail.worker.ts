import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { NOTIFICATION_MSG } from '@aesa/shared/notifications';
import { unsubscribeParts } from '../notifications/unsubscribe-links.ts';
import { smtpTransport } from './smtp-transport.ts';
import { claimOutbox, markFailed, markSent, releaseClaimed, type OutboxRow } from './mail.queries.ts';

const MAX_ATTEMPTS = 10;
const LOCK_SECONDS = 120;

/**
 * Sends queued mail over SMTP. Rows are claimed with SKIP LOCKED and a lease (locked_until), so
 * several processes share the queue and a message claimed by a process that died is retried
 * after the lease. Failures are retried with a growing delay. The pace is at most `perMinute`.
 * A mail the member can turn off gets its unsubscribe link here, as it leaves: the List-Unsubscribe
 * headers of RFC 8058 and a line under its text (the outbox never holds the link).
 */
export function startMailWorker(opts: {
  db: Db;
  config: AppConfig;
  smtpUrl: string;
  from: string;
  perMinute: number;
  pollMs: number;
  retryBaseMs: number;
  log: FastifyBaseLogger;
}) {
  const transport = smtpTransport(opts.smtpUrl);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const batch = Math.max(1, Math.min(50, Math.ceil(opts.perMinute / 60)));

  const claim = () => claimOutbox(opts.db, batch, LOCK_SECONDS);

  async function deliver(row: OutboxRow) {
    try {
      const unsubscribe = unsubscribeParts(opts.config, row, opts.config.clock());
      const text = unsubscribe ? `${row.text_body}\n\n${NOTIFICATION_MSG.mailFooter(unsubscribe.noun, unsubscribe.pageUrl)}` : row.text_body;
      await transport.sendMail({ from: opts.from, to: row.to_address, subject: row.subject, text, headers: unsubscribe?.headers, messageId: `<${row.id}@aesa-portal>` });
      await markSent(opts.db, row.id);
    } catch (err) {
      const final = row.attempts >= MAX_ATTEMPTS;
      const delaySeconds = Math.min(2 ** row.attempts * opts.retryBaseMs, 600_000) / 1000;
      opts.log.warn({ mailId: row.id, attempt: row.attempts, err: (err as Error).message }, 'mail delivery failed');
      await markFailed(opts.db, row.id, (err as Error).message, delaySeconds, final);
    }
  }

  const release = (rows: OutboxRow[]) => releaseClaimed(opts.db, rows.map((r) => r.id));

  async function tick() {
    try {
      const rows = await claim();
      let delivered = 0;
      for (const row of rows) {
        // On stop, finish the message in hand and give the rest of the batch back at once,
        // rather than keep the shutdown waiting (or leave them leased for LOCK_SECONDS).
        if (stopped) break;
        await deliver(row);
        delivered++;
      }
      if (delivered < rows.length) await release(rows.slice(delivered));
      // Pace: a batch of n messages is followed by n minute-shares of rest.
      schedule(rows.length > 0 ? (60_000 / opts.perMinute) * rows.length : opts.pollMs);
    } catch (err) {
      opts.log.warn({ err: (err as Error).message }, 'mail worker could not read the outbox');
      schedule(Math.max(opts.pollMs, 2000));
    }
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick();
    }, ms);
  }

  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
