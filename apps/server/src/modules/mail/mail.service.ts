import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  bulkEmailId?: string;
}

/**
 * Queues mail in the outbox table; the mail worker sends it. Without SMTP_URL the message is
 * kept (status 'kept') for the /dev/mail page and its link is logged for the operator.
 */
export async function queueMail(db: Db, messages: MailMessage[], opts: { smtp: boolean }) {
  if (messages.length === 0) return;
  await db
    .insert(mailOutbox)
    .values(
      messages.map((m) => ({
        to_address: m.to,
        subject: m.subject,
        text_body: m.text,
        bulk_email_id: m.bulkEmailId ?? null,
        status: opts.smtp ? 'pending' : 'kept',
      })),
    )
    .onConflictDoNothing();
}
