import { sql } from 'drizzle-orm';
import { lockFor } from '../../db/advisory-locks.ts';
import type { Executor } from '../../db/tx.ts';

// The class list's reads and writes: one statement per kind whatever the file's length (arrays
// passed whole and unnested by PostgreSQL), so 2,000 rows cost the same few round trips as 20.

/** One array parameter (drizzle would otherwise spread a JavaScript array into a list). */
const arr = (values: unknown[]) => sql.param(values);

export type AccountOfMatric = {
  matric_number: string;
  id: string;
  name: string;
  current_level: string | null;
  /** Has a current member role verified by an admin (the voting rule's test). */
  verified: boolean;
};

export async function accountsByMatric(db: Executor, matrics: string[]): Promise<AccountOfMatric[]> {
  const { rows } = await db.execute<AccountOfMatric>(sql`
    select u.matric_number, u.id, u.name, u.current_level,
           coalesce((select bool_or(m.is_current and m.verified_by_admin) from member_roles m where m.user_id = u.id), false) as verified
    from users u where u.matric_number = any(${arr(matrics)}::text[])`);
  return rows;
}

export type ListedStudent = {
  matric_number: string;
  name: string;
  level: string | null;
  email: string | null;
};

export async function listedStudents(db: Executor, matrics: string[]): Promise<ListedStudent[]> {
  const { rows } = await db.execute<ListedStudent>(sql`
    select matric_number, name, level, email from class_list_entries where matric_number = any(${arr(matrics)}::text[])`);
  return rows;
}

export async function lockMembershipYear(tx: Executor) {
  await lockFor(tx, 'membershipYear');
}

/**
 * Makes each member's membership current and verified: their most recent member role (a verified
 * current one first, so it is left alone), or a new "Members" role for a member without one.
 * Returns how many members changed.
 */
export async function verifyMembers(db: Executor, userIds: string[], now: Date): Promise<number> {
  if (userIds.length === 0) return 0;
  const inserted = await db.execute(sql`
    insert into member_roles (user_id, role_name, role_type, is_current, verified_by_admin, created_at, updated_at)
    select u, 'Members', 'member', true, true, ${now}, ${now} from unnest(${arr(userIds)}::uuid[]) u
    where not exists (select 1 from member_roles m where m.user_id = u and m.role_type = 'member')`);
  const updated = await db.execute(sql`
    update member_roles m set is_current = true, verified_by_admin = true, updated_at = ${now}, version = m.version + 1
    where m.id in (
      select distinct on (user_id) id from member_roles
      where user_id = any(${arr(userIds)}::uuid[]) and role_type = 'member'
      order by user_id, (is_current and verified_by_admin) desc, updated_at desc, id)
    and not (m.is_current and m.verified_by_admin)`);
  return (inserted.rowCount ?? 0) + (updated.rowCount ?? 0);
}

export async function setLevels(db: Executor, userIds: string[], levels: string[], now: Date): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await db.execute(sql`
    update users u set current_level = v.level, updated_at = ${now}, version = u.version + 1
    from unnest(${arr(userIds)}::uuid[], ${arr(levels)}::text[]) as v(id, level)
    where u.id = v.id and u.current_level is distinct from v.level`);
  return result.rowCount ?? 0;
}

/** Adds or updates the listed students not registered yet; a row that is already the same is left alone. */
export async function upsertListedStudents(db: Executor, students: ListedStudent[], importedBy: string | null, now: Date): Promise<number> {
  if (students.length === 0) return 0;
  const result = await db.execute(sql`
    insert into class_list_entries (matric_number, name, level, email, imported_by, created_at, updated_at)
    select v.matric_number, v.name, v.level, v.email, ${importedBy}::uuid, ${now}, ${now}
    from unnest(${arr(students.map((s) => s.matric_number))}::text[], ${arr(students.map((s) => s.name))}::text[],
                ${arr(students.map((s) => s.level))}::text[], ${arr(students.map((s) => s.email))}::text[]) as v(matric_number, name, level, email)
    on conflict (matric_number) do update set name = excluded.name, level = excluded.level, email = excluded.email,
      imported_by = excluded.imported_by, updated_at = excluded.updated_at
    where (class_list_entries.name, class_list_entries.level, class_list_entries.email) is distinct from (excluded.name, excluded.level, excluded.email)`);
  return result.rowCount ?? 0;
}
