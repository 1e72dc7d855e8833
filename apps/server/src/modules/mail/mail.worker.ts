import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';

const MAX_ATTEMPTS = 10;
const LOCK_SECONDS = 120;

type OutboxRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  attempts: number;
};

/**
 * Sends queued mail over SMTP. Rows are claimed with SKIP LOCKED and a lease (locked_until), so
 * several processes share the queue and a message claimed by a process that died is retried
 * after the lease. Failures are retried with a growing delay. The pace is at most `perMinute`.
 */
export function startMailWorker(opts: { db: Db; smtpUrl: string; from: string; perMinute: number; pollMs: number; retryBaseMs: number; log: FastifyBaseLogger }) {
  const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const batch = Math.max(1, Math.min(50, Math.ceil(opts.perMinute / 60)));

  async function claim(): Promise<OutboxRow[]> {
    const result = await opts.db.execute<OutboxRow>(sql`
      update mail_outbox set status = 'sending', locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), attempts = attempts + 1
      where id in (
        select id from mail_outbox
        where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
        order by created_at limit ${batch}
        for update skip locked)
      returning id, to_address, subject, text_body, attempts`);
    return result.rows;
  }

  async function deliver(row: OutboxRow) {
    try {
      await transport.sendMail({ from: opts.from, to: row.to_address, subject: row.subject, text: row.text_body, messageId: `<${row.id}@aesa-portal>` });
      // Handed over: the text (its links included) leaves the outbox, which keeps only what the
      // delivery list shows (recipient, subject, status, times).
      await opts.db.execute(sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null, locked_until = null, text_body = null where id = ${row.id}`);
    } catch (err) {
      const final = row.attempts >= MAX_ATTEMPTS;
      const delaySeconds = Math.min(2 ** row.attempts * opts.retryBaseMs, 600_000) / 1000;
      opts.log.warn({ mailId: row.id, attempt: row.attempts, err: (err as Error).message }, 'mail delivery failed');
      await opts.db.execute(sql`
        update mail_outbox set status = ${final ? 'failed' : 'pending'}, last_error = ${(err as Error).message.slice(0, 500)},
          locked_until = null, next_attempt_at = now() + make_interval(secs => ${delaySeconds}),
          text_body = case when ${final}::boolean then null else text_body end
        where id = ${row.id}`);
    }
  }

  async function release(rows: OutboxRow[]) {
    const ids = rows.map((r) => r.id);
    await opts.db.execute(sql`
      update mail_outbox set status = 'pending', locked_until = null, attempts = greatest(attempts - 1, 0)
      where status = 'sending' and id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  }

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
