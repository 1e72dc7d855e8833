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

/** Elections whose roll is frozen and whose opening notice is not queued yet (the tick's work). */
export async function openingNoticesDue(db: Executor): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from elections where roll_frozen_at is not null and opening_notice_queued_at is null`);
  return rows.map((r) => r.id);
}

export interface NoticeElection {
  id: string;
  title: string;
  end_time: Date;
  is_publicly_visible: boolean;
  archived_at: Date | null;
  voting_closed_at: Date | null;
}

/**
 * Claims the opening notice of an election for this transaction: the first caller gets the
 * election, every later one (another process, the next tick) null. The row lock this UPDATE
 * takes (FOR NO KEY UPDATE) does not conflict with the KEY SHARE lock of votes: voting goes on.
 */
export async function claimOpeningNotice(tx: Executor, electionId: string, now: Date): Promise<NoticeElection | null> {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    update elections set opening_notice_queued_at = ${now}
    where id = ${electionId} and roll_frozen_at is not null and opening_notice_queued_at is null
    returning id, title, end_time, is_publicly_visible, archived_at, voting_closed_at`);
  const r = rows[0];
  if (!r) return null;
  const d = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return { id: r.id as string, title: r.title as string, end_time: d(r.end_time)!, is_publicly_visible: r.is_publicly_visible as boolean, archived_at: d(r.archived_at), voting_closed_at: d(r.voting_closed_at) };
}
