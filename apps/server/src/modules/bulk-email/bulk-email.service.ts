import { SUPER_RECIPIENT_GROUPS, type CommunicationsSendInput, type RecipientGroup, type SuperBulkEmailInput } from '@aesa/shared/admin';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import * as q from './bulk-email.queries.ts';

export interface BulkDeps {
  db: Db;
  config: AppConfig;
}

interface Send {
  dryRun: boolean;
  senderId: string;
  subject: string;
  body: string;
  groups: RecipientGroup[];
  emails: string[];
  userIds: string[];
  /** Also to the confirmed newsletter subscribers. */
  subscribers: boolean;
}

function mailText(config: AppConfig, body: string) {
  return `${body}\n\n--\nYou receive this e-mail as a member of the ${config.associationName} Portal.`;
}

function newsletterText(config: AppConfig, body: string) {
  return `${body}\n\n--\nYou receive this e-mail because you subscribed to the ${config.associationName} newsletter.`;
}

type SendCount = { recipients_count: number; bulk_email_id: string | null; subscribers_count: number; turned_off_count: number };

/**
 * Queues a bulk e-mail and returns at once: one bulk_emails row and one outbox row per distinct
 * recipient, in one transaction (all or nothing). The mail worker delivers at MAIL_PER_MINUTE;
 * the rows survive a restart. Without SMTP the rows are 'kept' for /dev/mail.
 */
async function queueSend({ db, config }: BulkDeps, send: Send): Promise<SendCount> {
  try {
    return await queueInTransaction({ db, config }, send);
  } catch (err) {
    if (err instanceof DryRunCount) return err.count;
    throw err;
  }
}

/** Thrown to roll a dry run back once its recipients are counted by the very statements a send runs. */
class DryRunCount {
  constructor(readonly count: SendCount) {}
}

function queueInTransaction({ db, config }: BulkDeps, send: Send) {
  return db.transaction(async (tx): Promise<SendCount> => {
    const recipientRoles = [...send.groups, ...send.emails, ...(send.subscribers ? ['newsletter subscribers'] : [])];
    const bulkEmailId = await q.insertBulkEmail(tx, { sender_id: send.senderId, subject: send.subject, body: send.body, recipient_roles: recipientRoles });
    const status = config.smtpUrl ? 'pending' : 'kept';
    const members = await q.queueRecipients(tx, { bulkEmailId, subject: send.subject, text: mailText(config, send.body), status, groups: send.groups, emails: send.emails, userIds: send.userIds });
    const turnedOff = await q.countTurnedOff(tx, send);
    const subscribers = send.subscribers ? await q.queueSubscribers(tx, { bulkEmailId, subject: send.subject, text: newsletterText(config, send.body), status }) : 0;
    const n = members + subscribers;
    // Both roll the bulk_emails row back too.
    if (n === 0) throw fail(turnedOff > 0 ? 'BULK_EMAIL_ALL_TURNED_OFF' : 'BULK_EMAIL_NO_RECIPIENTS');
    const count = { recipients_count: n, subscribers_count: subscribers, turned_off_count: turnedOff };
    if (send.dryRun) throw new DryRunCount({ ...count, bulk_email_id: null });
    await q.setRecipientsCount(tx, bulkEmailId, n);
    return { ...count, bulk_email_id: bulkEmailId };
  });
}

/** Super admin screen: groups and/or addresses; an address that is not a registered (confirmed) member refuses the send. */
export async function sendSuperBulkEmail(deps: BulkDeps, senderId: string, input: SuperBulkEmailInput) {
  const groups = input.recipient_roles.filter((r): r is RecipientGroup => (SUPER_RECIPIENT_GROUPS as readonly string[]).includes(r));
  const emails = input.recipient_roles.filter((r) => !(SUPER_RECIPIENT_GROUPS as readonly string[]).includes(r));
  const known = new Set(await q.confirmedEmailsAmong(deps.db, emails));
  const unknown = emails.filter((e) => !known.has(e));
  if (unknown.length > 0) throw fail('BULK_EMAIL_UNREGISTERED_ADDRESSES', unknown.slice(0, 10));
  return queueSend(deps, { dryRun: !!input.dry_run, senderId, subject: input.subject, body: input.body, groups, emails, userIds: [], subscribers: false });
}

/** Communications screen: groups and/or chosen members by id. */
export async function sendCommunication(deps: BulkDeps, senderId: string, input: CommunicationsSendInput) {
  const ids = [...new Set(input.recipient_user_ids ?? [])];
  const found = await q.confirmedUserIdsAmong(deps.db, ids);
  if (found.length !== ids.length) throw fail('BULK_EMAIL_UNKNOWN_MEMBERS');
  const groups = [...new Set(input.recipient_groups ?? [])];
  return queueSend(deps, { dryRun: !!input.dry_run, senderId, subject: input.subject, body: input.body, groups, emails: found.map((f) => f.email), userIds: [], subscribers: !!input.include_newsletter });
}

export const listBulkEmails = (db: Db, limit: number, offset: number) => q.listBulkEmails(db, limit, offset);
export const listMailableMembers = q.listMailableMembers;
