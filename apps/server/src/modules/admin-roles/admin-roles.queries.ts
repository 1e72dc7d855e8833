import { and, asc, eq, sql } from 'drizzle-orm';
import { adminRoles } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';

/** The permission flags of an admin role: what a role grants, read wherever a role is. */
export const roleFlagColumns = {
  is_super_admin: adminRoles.is_super_admin,
  is_editorial_admin: adminRoles.is_editorial_admin,
  is_data_admin: adminRoles.is_data_admin,
  is_electoral_admin: adminRoles.is_electoral_admin,
  is_event_admin: adminRoles.is_event_admin,
  is_email_admin: adminRoles.is_email_admin,
  is_finance_admin: adminRoles.is_finance_admin,
};

export const roleColumns = {
  id: adminRoles.id,
  role_name: adminRoles.role_name,
  description: adminRoles.description,
  ...roleFlagColumns,
  created_at: adminRoles.created_at,
  version: adminRoles.version,
};

// Written out qualified: Drizzle renders a column inside a select-list sql`` unqualified, which
// inside this subquery would name admin_users.id.
const withHolders = {
  ...roleColumns,
  admin_users_count: sql<number>`(select count(*)::int from admin_users where admin_users.admin_role_id = admin_roles.id)`,
};

export type RoleValues = Partial<typeof adminRoles.$inferInsert>;

export function listRoles(db: Executor) {
  return db.select(withHolders).from(adminRoles).orderBy(asc(sql`lower(${adminRoles.role_name})`));
}

export async function findRole(db: Executor, id: string) {
  const [row] = await db.select(withHolders).from(adminRoles).where(eq(adminRoles.id, id)).limit(1);
  return row ?? null;
}

export async function insertRole(db: Executor, values: typeof adminRoles.$inferInsert) {
  const [row] = await db.insert(adminRoles).values(values).returning({ id: adminRoles.id });
  return row!.id;
}

/** Changes the role only at `version`, raising it; false when no row is at that version. */
export async function updateRole(db: Executor, id: string, version: number, values: RoleValues) {
  const rows = await db
    .update(adminRoles)
    .set({ ...values, version: sql`${adminRoles.version} + 1` })
    .where(and(eq(adminRoles.id, id), eq(adminRoles.version, version)))
    .returning({ id: adminRoles.id });
  return rows.length > 0;
}

export async function deleteRole(db: Executor, id: string, version: number) {
  const rows = await db
    .delete(adminRoles)
    .where(and(eq(adminRoles.id, id), eq(adminRoles.version, version)))
    .returning({ id: adminRoles.id });
  return rows.length > 0;
}
