import { and, eq, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_CHOICES, type NotificationChoices, type NotificationKind } from '@aesa/shared/notifications';
import type { Db } from '../../db/client.ts';
import { newsletterSubscribers, notificationPreferences, users } from '../../db/schema.ts';

/**
 * True for a member who turned this kind off (no row: every kind is on), for the senders' queries:
 * `where ... and not ${turnedOff('event_updates', users.id)}`.
 */
export function turnedOff(kind: NotificationKind, userId: SQL | AnyColumn): SQL {
  return sql`exists (select 1 from notification_preferences np where np.user_id = ${userId} and not np.${sql.identifier(kind)})`;
}

/** A member's choices; no row means every kind is on. */
export async function choicesOf(db: Db, userId: string): Promise<NotificationChoices> {
  const [row] = await db
    .select({ announcements: notificationPreferences.announcements, event_updates: notificationPreferences.event_updates, election_notices: notificationPreferences.election_notices })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.user_id, userId));
  return row ?? { ...DEFAULT_NOTIFICATION_CHOICES };
}

/** Sets the kinds given, in one statement (a first choice makes the row, the others stay on). */
export async function setChoices(db: Db, userId: string, changes: Partial<NotificationChoices>): Promise<NotificationChoices> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ user_id: userId, ...changes })
    .onConflictDoUpdate({ target: notificationPreferences.user_id, set: { ...changes, updated_at: sql`now()` } })
    .returning({ announcements: notificationPreferences.announcements, event_updates: notificationPreferences.event_updates, election_notices: notificationPreferences.election_notices });
  return row!;
}

export async function memberExists(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return !!row;
}

/** A confirmed subscriber, whether or not they unsubscribed since. */
export async function confirmedSubscriber(db: Db, id: string) {
  const [row] = await db
    .select({ id: newsletterSubscribers.id, unsubscribed_at: newsletterSubscribers.unsubscribed_at })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.id, id), isNotNull(newsletterSubscribers.confirmed_at)));
  return row;
}

export async function setSubscribed(db: Db, id: string, on: boolean) {
  await db
    .update(newsletterSubscribers)
    .set({ unsubscribed_at: on ? null : sql`coalesce(${newsletterSubscribers.unsubscribed_at}, now())` })
    .where(eq(newsletterSubscribers.id, id));
}
