import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

/** The address's row, made when it signs up the first time; a second sign-up finds the same row. */
export async function subscriberFor(db: Db, email: string) {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing({ target: newsletterSubscribers.email });
  const [row] = await db
    .select({ id: newsletterSubscribers.id, confirmed_at: newsletterSubscribers.confirmed_at, unsubscribed_at: newsletterSubscribers.unsubscribed_at })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row!;
}

/** Confirmed (again): the owner followed the link. Answers whether the subscriber exists. */
export async function confirmSubscriber(db: Db, id: string) {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ confirmed_at: sql`coalesce(${newsletterSubscribers.confirmed_at}, now())`, unsubscribed_at: null })
    .where(eq(newsletterSubscribers.id, id))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

/** How many visitors get the newsletter: confirmed and not unsubscribed. */
export async function countConfirmedSubscribers(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscribers)
    .where(and(isNotNull(newsletterSubscribers.confirmed_at), isNull(newsletterSubscribers.unsubscribed_at)));
  return row!.n;
}
