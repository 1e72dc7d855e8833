import { KIND_NAMES, NOTIFICATION_KINDS, UNSUBSCRIBE_LINK_DAYS, type MailKind, type UnsubscribableKind } from '@aesa/shared/notifications';
import type { AppConfig } from '../../config.ts';
import { fail } from '../../lib/app-error.ts';
import { readLink, signLink } from '../../lib/signed-link.ts';

// The unsubscribe link of a mail that can be turned off: it names the member (or, for the
// newsletter, the subscriber) and the kind, signed; the mail worker makes it as it sends, so the
// outbox never holds it.

const PURPOSE = 'unsubscribe';
const MAX_AGE_MS = UNSUBSCRIBE_LINK_DAYS * 24 * 60 * 60_000;

export const isUnsubscribable = (kind: string): kind is UnsubscribableKind => kind in KIND_NAMES;

export function unsubscribeToken(config: AppConfig, kind: UnsubscribableKind, subject: string, now: Date) {
  return signLink(config, { purpose: PURPOSE, subject, kind, issuedAt: now });
}

/** The kind and the member or subscriber a token names; a forged, changed or old one is refused. */
export function readUnsubscribeToken(config: AppConfig, token: string, now: Date): { kind: UnsubscribableKind; subject: string } {
  const check = readLink(config, token, PURPOSE, MAX_AGE_MS, now);
  if (!check.ok) throw fail(check.reason === 'expired' ? 'UNSUBSCRIBE_LINK_EXPIRED' : 'UNSUBSCRIBE_LINK_INVALID');
  if (!isUnsubscribable(check.claims.kind)) throw fail('UNSUBSCRIBE_LINK_INVALID');
  return { kind: check.claims.kind, subject: check.claims.subject };
}

/** Whether this server signed the token (expired or not); a forged or changed one it did not. */
export function isSignedUnsubscribeToken(config: AppConfig, token: string, now: Date): boolean {
  const check = readLink(config, token, PURPOSE, MAX_AGE_MS, now);
  return check.ok || check.reason === 'expired';
}

/**
 * The headers and the text footer of a mail: for a member's notification (it names the member)
 * or a confirmed subscriber's newsletter; nothing for account mail, which always goes.
 */
export function unsubscribeParts(config: AppConfig, mail: { kind: MailKind; user_id: string | null; subscriber_id: string | null }, now: Date) {
  const subject = mail.kind === 'newsletter' ? mail.subscriber_id : (NOTIFICATION_KINDS as readonly string[]).includes(mail.kind) ? mail.user_id : null;
  if (!subject || !isUnsubscribable(mail.kind)) return null;
  const token = unsubscribeToken(config, mail.kind, subject, now);
  return {
    headers: {
      'List-Unsubscribe': `<${config.publicUrl}/api/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    pageUrl: `${config.publicUrl}/unsubscribe?token=${token}`,
    noun: KIND_NAMES[mail.kind].noun,
  };
}
