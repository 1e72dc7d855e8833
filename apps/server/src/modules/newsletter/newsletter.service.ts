import { MEMBERS_MSG } from '@aesa/shared/members';
import type { Db } from '../../db/client.ts';
import { addSubscriber } from './newsletter.queries.ts';

/**
 * Idempotent: the answer is the same whether or not the address was already subscribed, so the
 * form cannot be used to find out who is on the list.
 */
export async function subscribe(db: Db, email: string) {
  await addSubscriber(db, email);
  return { message: MEMBERS_MSG.newsletterThanks };
}
