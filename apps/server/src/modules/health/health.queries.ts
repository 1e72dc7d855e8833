import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Throws when the database cannot answer. */
export async function pingDatabase(db: Db) {
  await db.execute(sql`select 1`);
}
