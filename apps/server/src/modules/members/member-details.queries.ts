import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

const columns = {
  id: users.id,
  name: users.name,
  matric_number: users.matric_number,
  current_level: users.current_level,
  enrollment_year: users.enrollment_year,
  version: users.version,
};

export async function findMemberDetails(db: Db, userId: string) {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Sets a member's level and/or enrolment year only at `version`, raising it; null when no row is at that version. */
export async function updateMemberDetails(db: Db, userId: string, version: number, values: { current_level?: string | null; enrollment_year?: number | null }, now: Date) {
  const [row] = await db
    .update(users)
    .set({ ...values, updated_at: now, version: sql`${users.version} + 1` })
    .where(and(eq(users.id, userId), eq(users.version, version)))
    .returning(columns);
  return row ?? null;
}
