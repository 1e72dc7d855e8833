import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

const columns = {
  id: users.id,
  name: users.name,
  matric_number: users.matric_number,
  current_level: users.current_level,
  enrollment_year: users.enrollment_year,
};

/** Sets a member's level and/or enrolment year; null when there is no such member. */
export async function updateMemberDetails(db: Db, userId: string, values: { current_level?: string | null; enrollment_year?: number | null }, now: Date) {
  const [row] = await db
    .update(users)
    .set({ ...values, updated_at: now })
    .where(eq(users.id, userId))
    .returning(columns);
  return row ?? null;
}
