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
}

function mailText(config: AppConfig, body: string) {
  return `${body}\n\n--\nYou receive this e-mail as a member of the ${config.associationName} Portal.`;
}

/**
 * Queues a bulk e-mail and returns at once: one bulk_emails row and one outbox row per distinct
 * recipient, in one transaction (all or nothing). The mail worker delivers at MAIL_PER_MINUTE;
 * the rows survive a restart. Without SMTP the rows are 'kept' for /dev/mail.
 */
async function queueSend({ db, config }: BulkDeps, send: Send): Promise<{ recipients_count: number; bulk_email_id: string | null }> {
  try {
    return await queueInTransaction({ db, config }, send);
  } catch (err) {
    if (err instanceof DryRunCount) return { recipients_count: err.n, bulk_email_id: null };
    throw err;
  }
}

/** Thrown to roll a dry run back once its recipients are counted by the very statement a send runs. */
class DryRunCount {
  constructor(readonly n: number) {}
}

function queueInTransaction({ db, config }: BulkDeps, send: Send) {
  return db.transaction(async (tx) => {
    const recipientRoles = [...send.groups, ...send.emails];
    const bulkEmailId = await q.insertBulkEmail(tx, { sender_id: send.senderId, subject: send.subject, body: send.body, recipient_roles: recipientRoles });
    const n = await q.queueRecipients(tx, {
      bulkEmailId,
      subject: send.subject,
      text: mailText(config, send.body),
      status: config.smtpUrl ? 'pending' : 'kept',
      groups: send.groups,
      emails: send.emails,
      userIds: send.userIds,
    });
    if (n === 0) throw fail('BULK_EMAIL_NO_RECIPIENTS'); // rolls the bulk_emails row back too
    if (send.dryRun) throw new DryRunCount(n);
    await q.setRecipientsCount(tx, bulkEmailId, n);
    return { recipients_count: n, bulk_email_id: bulkEmailId };
  });
}

/** Super admin screen: groups and/or addresses; an address that is not a registered (confirmed) member refuses the send. */
export async function sendSuperBulkEmail(deps: BulkDeps, senderId: string, input: SuperBulkEmailInput) {
  const groups = input.recipient_roles.filter((r): r is RecipientGroup => (SUPER_RECIPIENT_GROUPS as readonly string[]).includes(r));
  const emails = input.recipient_roles.filter((r) => !(SUPER_RECIPIENT_GROUPS as readonly string[]).includes(r));
  const known = new Set(await q.confirmedEmailsAmong(deps.db, emails));
  const unknown = emails.filter((e) => !known.has(e));
  if (unknown.length > 0) throw fail('BULK_EMAIL_UNREGISTERED_ADDRESSES', unknown.slice(0, 10));
  return queueSend(deps, { dryRun: !!input.dry_run, senderId, subject: input.subject, body: input.body, groups, emails, userIds: [] });
}

/** Communications screen: groups and/or chosen members by id. */
export async function sendCommunication(deps: BulkDeps, senderId: string, input: CommunicationsSendInput) {
  const ids = [...new Set(input.recipient_user_ids ?? [])];
  const found = await q.confirmedUserIdsAmong(deps.db, ids);
  if (found.length !== ids.length) throw fail('BULK_EMAIL_UNKNOWN_MEMBERS');
  const groups = [...new Set(input.recipient_groups ?? [])];
  return queueSend(deps, { dryRun: !!input.dry_run, senderId, subject: input.subject, body: input.body, groups, emails: found.map((f) => f.email), userIds: [] });
}

export const listBulkEmails = (db: Db, limit: number, offset: number) => q.listBulkEmails(db, limit, offset);
export const listMailableMembers = q.listMailableMembers;
