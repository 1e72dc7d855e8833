import type { MailKind } from '@aesa/shared/notifications';
import type { Executor } from '../../db/tx.ts';
import { insertOutbox } from './mail.queries.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  bulkEmailId?: string;
  /** Default 'account': mail about the member's own account, which always goes. */
  kind?: MailKind;
  /** The member it is for (a notification kind needs it for its unsubscribe link). */
  userId?: string;
  /** A message that must go once: queueing it again, from any process, is ignored. */
  dedupeKey?: string;
}

/**
 * Queues mail in the outbox table; the mail worker sends it. Without SMTP_URL the message is
 * kept (status 'kept') for the /dev/mail page and its link is logged for the operator. Given a
 * transaction, the mail is queued with the change it tells of, or not at all.
 */
export async function queueMail(db: Executor, messages: MailMessage[], opts: { smtp: boolean }) {
  if (messages.length === 0) return;
  await insertOutbox(
    db,
    messages.map((m) => ({
      to_address: m.to,
      subject: m.subject,
      text_body: m.text,
      bulk_email_id: m.bulkEmailId ?? null,
      kind: m.kind ?? 'account',
      user_id: m.userId ?? null,
      dedupe_key: m.dedupeKey ?? null,
      status: opts.smtp ? 'pending' : 'kept',
    })),
  );
}
