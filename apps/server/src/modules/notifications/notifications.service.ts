import { KIND_NAMES, NOTIFICATION_MSG, type NotificationChoices, type UnsubscribableKind } from '@aesa/shared/notifications';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import * as q from './notifications.queries.ts';
import { readUnsubscribeToken } from './unsubscribe-links.ts';

export const choicesOf = q.choicesOf;

export async function updateChoices(db: Db, userId: string, changes: Partial<NotificationChoices>) {
  return { ...(await q.setChoices(db, userId, changes)), message: NOTIFICATION_MSG.saved };
}

interface Deps {
  db: Db;
  config: AppConfig;
  now: Date;
}

/** What a link names, once its member or confirmed subscriber is known to exist. */
async function linkTarget({ db, config, now }: Deps, token: string) {
  const { kind, subject } = readUnsubscribeToken(config, token, now);
  if (kind === 'newsletter') {
    const subscriber = await q.confirmedSubscriber(db, subject);
    if (!subscriber) throw fail('UNSUBSCRIBE_LINK_INVALID');
    return { kind, subject, on: subscriber.unsubscribed_at === null };
  }
  if (!(await q.memberExists(db, subject))) throw fail('UNSUBSCRIBE_LINK_INVALID');
  return { kind, subject, on: (await q.choicesOf(db, subject))[kind] };
}

const said = (kind: UnsubscribableKind, on: boolean) => (on ? NOTIFICATION_MSG.turnedOn : NOTIFICATION_MSG.turnedOff)(KIND_NAMES[kind].noun);

/** What the link's page shows before anything is pressed. */
export async function describeLink(deps: Deps, token: string) {
  const { kind, on } = await linkTarget(deps, token);
  return { kind, on, message: on ? '' : said(kind, false) };
}

/** Turns the link's kind off (the one-click POST, the page's button) or on again (its undo). */
export async function setByLink(deps: Deps, token: string, on: boolean) {
  const { kind, subject } = await linkTarget(deps, token);
  if (kind === 'newsletter') await q.setSubscribed(deps.db, subject, on);
  else await q.setChoices(deps.db, subject, { [kind]: on });
  return { kind, on, message: said(kind, on) };
}
