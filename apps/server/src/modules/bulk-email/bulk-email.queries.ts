import { and, asc, count, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { RecipientGroup } from '@aesa/shared/admin';
import type { Db } from '../../db/client.ts';
import { bulkEmails, users } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';
import { turnedOff } from '../notifications/notifications.queries.ts';
import { levelCondition, notDemoAdmin, searchCondition } from '../user-picker/user-filters.queries.ts';

/** Who is in a recipient group (documented in packages/shared/src/admin.ts). */
function groupCondition(group: RecipientGroup): SQL {
  switch (group) {
    case 'all':
      return sql`true`;
    case 'student':
      return sql`${users.user_type} = 'student'`;
    case 'member':
      return sql`${users.user_type} in ('member', 'executive')`;
    case 'alumni':
      return sql`${users.user_type} = 'alumni'`;
    case 'admin':
      return sql`exists (select 1 from admin_users where admin_users.user_id = ${users.id})`;
  }
}

/** Only confirmed addresses receive bulk mail. */
const confirmed = isNotNull(users.email_verified_at);

export async function confirmedEmailsAmong(db: Executor, emails: string[]) {
  if (emails.length === 0) return [];
  const rows = await db.select({ email: users.email }).from(users).where(and(confirmed, inArray(users.email, emails)));
  return rows.map((r) => r.email);
}

export async function confirmedUserIdsAmong(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(and(confirmed, inArray(users.id, ids)));
  return rows;
}

export async function insertBulkEmail(db: Executor, row: { sender_id: string; subject: string; body: string; recipient_roles: string[] }) {
  const [created] = await db.insert(bulkEmails).values(row).returning({ id: bulkEmails.id });
  return created!.id;
}

/** The members a send names: its groups, addresses and ids, with a confirmed address. */
function namedMembers(send: { groups: RecipientGroup[]; emails: string[]; userIds: string[] }): SQL | null {
  const who: SQL[] = send.groups.map(groupCondition);
  if (send.emails.length > 0) who.push(inArray(users.email, send.emails));
  if (send.userIds.length > 0) who.push(inArray(users.id, send.userIds));
  if (who.length === 0) return null;
  return sql`${users.email_verified_at} is not null and (${sql.join(who, sql` or `)})`;
}

/** A member who turned announcements off. */
const announcementsOff = turnedOff('announcements', users.id);

/**
 * Queues one outbox row (kind 'announcements', naming the member) per distinct confirmed address
 * matching the groups, addresses or ids, leaving out members who turned announcements off, in
 * one statement (fine at 10,000 members). The unique (bulk_email_id, to_address) index makes a
 * repeated queueing of the same send insert nothing twice. Answers how many rows it added.
 */
export async function queueRecipients(
  db: Executor,
  send: { bulkEmailId: string; subject: string; text: string; status: 'pending' | 'kept'; groups: RecipientGroup[]; emails: string[]; userIds: string[] },
) {
  const named = namedMembers(send);
  if (!named) return 0;
  const result = await db.execute(sql`
    insert into mail_outbox (to_address, subject, text_body, bulk_email_id, status, kind, user_id)
    select distinct ${users.email}, ${send.subject}::text, ${send.text}::text, ${send.bulkEmailId}::uuid, ${send.status}::text, 'announcements', ${users.id}
    from ${users}
    where ${named} and not ${announcementsOff}
    on conflict (bulk_email_id, to_address) do nothing`);
  return result.rowCount ?? 0;
}

/** How many members the send names who turned announcements off (the officer is told). */
export async function countTurnedOff(db: Executor, send: { groups: RecipientGroup[]; emails: string[]; userIds: string[] }) {
  const named = namedMembers(send);
  if (!named) return 0;
  const [row] = await db.select({ n: count() }).from(users).where(and(named, announcementsOff));
  return row!.n;
}

/**
 * Queues the send for every confirmed, still subscribed newsletter visitor (kind 'newsletter'),
 * after the members: an address that is also a member's got the member's copy already.
 */
export async function queueSubscribers(db: Executor, send: { bulkEmailId: string; subject: string; text: string; status: 'pending' | 'kept' }) {
  const result = await db.execute(sql`
    insert into mail_outbox (to_address, subject, text_body, bulk_email_id, status, kind)
    select s.email, ${send.subject}::text, ${send.text}::text, ${send.bulkEmailId}::uuid, ${send.status}::text, 'newsletter'
    from newsletter_subscribers s
    where s.confirmed_at is not null and s.unsubscribed_at is null
    on conflict (bulk_email_id, to_address) do nothing`);
  return result.rowCount ?? 0;
}

export async function setRecipientsCount(db: Executor, id: string, n: number) {
  await db.execute(sql`update bulk_emails set recipients_count = ${n} where id = ${id}`);
}

/** The sends, newest first, with their outbox rows counted by state. */
export async function listBulkEmails(db: Db, limit: number, offset: number) {
  const { rows } = await db.execute<{
    id: string;
    subject: string;
    recipient_roles: string[];
    recipients_count: number;
    created_at: Date;
    sender_id: string | null;
    sender_name: string | null;
    pending: number;
    sending: number;
    sent: number;
    failed: number;
    kept: number;
  }>(sql`
    select b.id, b.subject, b.recipient_roles, b.recipients_count, b.created_at, b.sender_id, u.name as sender_name,
      count(m.id) filter (where m.status = 'pending')::int as pending,
      count(m.id) filter (where m.status = 'sending')::int as sending,
      count(m.id) filter (where m.status = 'sent')::int as sent,
      count(m.id) filter (where m.status = 'failed')::int as failed,
      count(m.id) filter (where m.status = 'kept')::int as kept
    from bulk_emails b
    left join users u on u.id = b.sender_id
    left join mail_outbox m on m.bulk_email_id = b.id
    group by b.id, u.name
    order by b.created_at desc, b.id
    limit ${limit} offset ${offset}`);
  const [{ n }] = (await db.select({ n: count() }).from(bulkEmails)) as [{ n: number }];
  return {
    total: n,
    items: rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      recipient_roles: r.recipient_roles,
      recipients_count: r.recipients_count,
      created_at: r.created_at,
      sender: r.sender_id ? { id: r.sender_id, name: r.sender_name ?? '' } : null,
      delivery: { pending: r.pending, sending: r.sending, sent: r.sent, failed: r.failed, kept: r.kept },
    })),
  };
}

/** Members who can receive mail, for the communications picker. */
export async function listMailableMembers(db: Db, q: { search?: string; level?: string; limit: number; offset: number }) {
  const where = and(confirmed, notDemoAdmin(), searchCondition(q.search), levelCondition(q.level));
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      current_level: users.current_level,
      // The member's office if they hold one, else their plain membership.
      // (users.id written out: a column in a select-list sql`` renders unqualified.)
      aesa_role: sql<string | null>`(select mr.role_name from member_roles mr where mr.user_id = users.id and mr.is_current
        order by (mr.role_name = 'Members'), mr.updated_at desc limit 1)`,
      enrollment_year: users.enrollment_year,
      profile_image_url: users.profile_image_url,
    })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ n }] = (await db.select({ n: count() }).from(users).where(where)) as [{ n: number }];
  return { members: rows, total: n };
}
