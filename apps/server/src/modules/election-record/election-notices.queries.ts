import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';

export interface RollNotice {
  /** The once-only key's first part: the key is `<keyPrefix>:<election>:<member>`. */
  keyPrefix: string;
  subject: string;
  text: string;
  status: 'pending' | 'kept';
}

/**
 * Queues one election notice for each member on the election's roll who wants election notices
 * (no row in notification_preferences: on) and has a confirmed address, in one statement whatever
 * the roll's size. The once-only key makes a second queueing (another process, a repeat) a no-op.
 * Answers how many were queued now.
 */
export async function queueRollNotice(db: Executor, electionId: string, mail: RollNotice): Promise<number> {
  const result = await db.execute(sql`
    insert into mail_outbox (to_address, subject, text_body, status, kind, user_id, dedupe_key)
    select u.email, ${mail.subject}::text, ${mail.text}::text, ${mail.status}::text, 'election_notices', u.id,
           ${mail.keyPrefix}::text || ':' || r.election_id::text || ':' || u.id::text
    from election_rolls r
    join users u on u.id = r.member_id
    left join notification_preferences np on np.user_id = u.id
    where r.election_id = ${electionId} and u.email_verified_at is not null and coalesce(np.election_notices, true)
    on conflict (dedupe_key) do nothing`);
  return result.rowCount ?? 0;
}
