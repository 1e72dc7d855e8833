import { MEMBERS_MSG } from '@aesa/shared/members';
import { NEWSLETTER_CONFIRM_DAYS, NEWSLETTER_MSG } from '@aesa/shared/notifications';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import { readLink, signLink } from '../../lib/signed-link.ts';
import { queueMail } from '../mail/mail.service.ts';
import { newsletterConfirmMail } from '../mail/mail.templates.ts';
import { confirmSubscriber, subscriberFor } from './newsletter.queries.ts';

const PURPOSE = 'newsletter-confirm';
const MAX_AGE_MS = NEWSLETTER_CONFIRM_DAYS * 24 * 60 * 60_000;

interface Deps {
  db: Db;
  config: AppConfig;
  now: Date;
}

/**
 * Double opt-in: a new, waiting or unsubscribed address is sent a confirmation link (always, as
 * it is the only mail such an address gets); a confirmed one is sent nothing. The answer is the
 * same in every case, so the form cannot be used to find out who is on the list.
 */
export async function subscribe({ db, config, now }: Deps, email: string) {
  const subscriber = await subscriberFor(db, email);
  if (!subscriber.confirmed_at || subscriber.unsubscribed_at) {
    const token = signLink(config, { purpose: PURPOSE, subject: subscriber.id, kind: 'newsletter', issuedAt: now });
    const mail = newsletterConfirmMail(config.associationName, `${config.publicUrl}/newsletter/confirm?token=${token}`, NEWSLETTER_CONFIRM_DAYS);
    await queueMail(db, [{ to: email, ...mail, kind: 'newsletter' }], { smtp: !!config.smtpUrl });
  }
  return { message: MEMBERS_MSG.newsletterThanks };
}

/** The confirmation link followed: the address gets the newsletter from now on. */
export async function confirm({ db, config, now }: Deps, token: string) {
  const check = readLink(config, token, PURPOSE, MAX_AGE_MS, now);
  if (!check.ok) throw fail(check.reason === 'expired' ? 'NEWSLETTER_LINK_EXPIRED' : 'NEWSLETTER_LINK_INVALID');
  if (!(await confirmSubscriber(db, check.claims.subject))) throw fail('NEWSLETTER_LINK_INVALID');
  return { message: NEWSLETTER_MSG.confirmed };
}
