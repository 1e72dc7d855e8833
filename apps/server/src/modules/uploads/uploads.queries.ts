import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads, users } from '../../db/schema.ts';

export async function insertUpload(db: Db, row: { user_id: string; path: string; kind: string; bytes: number }) {
  await db.insert(uploads).values(row);
}

export async function findUpload(db: Db, path: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.path, path)).limit(1);
  return row ?? null;
}

export async function deleteUploadRow(db: Db, path: string, userId: string) {
  await db.delete(uploads).where(and(eq(uploads.path, path), eq(uploads.user_id, userId)));
}

/** Sets the member's profile or cover image; answers the one it replaced, if any. */
export async function replaceProfileImage(db: Db, userId: string, column: 'profile_image_url' | 'cover_image_url', url: string, now: Date) {
  const [previous] = await db.select({ url: users[column] }).from(users).where(eq(users.id, userId));
  await db.update(users).set({ [column]: url, updated_at: now }).where(eq(users.id, userId));
  return previous?.url ?? null;
}
