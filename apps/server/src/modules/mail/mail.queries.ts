import { desc, sql } from 'drizzle-orm';
import type { MailKind } from '@aesa/shared/notifications';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/tx.ts';
import { mailOutbox } from '../../db/schema.ts';

export type NewOutboxRow = typeof mailOutbox.$inferInsert;

/** Adds messages to the outbox; one whose once-only key (dedupe_key) is already there is ignored. */
export async function insertOutbox(db: Executor, rows: NewOutboxRow[]) {
  await db.insert(mailOutbox).values(rows).onConflictDoNothing();
}

export type OutboxRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  attempts: number;
  kind: MailKind;
  user_id: string | null;
  /** For a newsletter: the confirmed, still subscribed visitor it goes to (a confirmation link goes to nobody yet). */
  subscriber_id: string | null;
};

/**
 * Claims up to `batch` messages due (or whose lease ran out) with SKIP LOCKED, so several processes
 * share the queue, and leases them for `lockSeconds`. Account mail goes first, then the rest in the
 * order it was queued: a password reset or an e-mail change must not wait behind the notices that
 * voting opened for a roll of 10,000 members.
 */
export async function claimOutbox(db: Db, batch: number, lockSeconds: number): Promise<OutboxRow[]> {
  const result = await db.execute<OutboxRow>(sql`
    with claimed as (
      update mail_outbox set status = 'sending', locked_until = now() + make_interval(secs => ${lockSeconds}), attempts = attempts + 1
      where id in (
        select id from mail_outbox
        where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
        order by kind <> 'account', created_at limit ${batch}
        for update skip locked)
      returning id, to_address, subject, text_body, attempts, kind, user_id, created_at)
    select c.id, c.to_address, c.subject, c.text_body, c.attempts, c.kind, c.user_id, s.id as subscriber_id
    from claimed c
    left join newsletter_subscribers s on c.kind = 'newsletter' and s.email = c.to_address
      and s.confirmed_at is not null and s.unsubscribed_at is null
    order by c.kind <> 'account', c.created_at`);
  return result.rows;
}

/**
 * Handed over: the text (its links included) leaves the outbox, which keeps only what the delivery
 * list shows (recipient, subject, status, times).
 */
export async function markSent(db: Db, id: string) {
  await db.execute(sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null, locked_until = null, text_body = null where id = ${id}`);
}

/** A failed try: retried after `delaySeconds`, or given up (`final`, the text dropped). */
export async function markFailed(db: Db, id: string, error: string, delaySeconds: number, final: boolean) {
  await db.execute(sql`
    update mail_outbox set status = ${final ? 'failed' : 'pending'}, last_error = ${error.slice(0, 500)},
      locked_until = null, next_attempt_at = now() + make_interval(secs => ${delaySeconds}),
      text_body = case when ${final}::boolean then null else text_body end
    where id = ${id}`);
}

/** Gives claimed messages back at once (a stopping worker), their try not counted. */
export async function releaseClaimed(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update mail_outbox set status = 'pending', locked_until = null, attempts = greatest(attempts - 1, 0)
    where status = 'sending' and id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
}

/** The newest messages, for the development mailbox page. */
export function latestOutbox(db: Db, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.created_at)).limit(limit);
}
