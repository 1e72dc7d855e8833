import type { Db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

/** Stores the address once; a second sign-up of the same address changes nothing. */
export async function addSubscriber(db: Db, email: string) {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing({ target: newsletterSubscribers.email });
}
