import { and, asc, eq, sql } from 'drizzle-orm';
import { adminRoles, adminUsers, users, userTotp } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';
import { roleColumns } from '../admin-roles/admin-roles.queries.ts';

const itemColumns = {
  id: adminUsers.id,
  user_id: adminUsers.user_id,
  admin_role_id: adminUsers.admin_role_id,
  created_at: adminUsers.created_at,
  version: adminUsers.version,
  user_name: users.name,
  user_email: users.email,
  user_matric: users.matric_number,
  role: roleColumns,
  mfa_enabled: sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.user_id} = ${adminUsers.user_id} and ${userTotp.confirmed_at} is not null)`,
};

function selectItems(db: Executor) {
  return db
    .select(itemColumns)
    .from(adminUsers)
    .innerJoin(users, eq(users.id, adminUsers.user_id))
    .innerJoin(adminRoles, eq(adminRoles.id, adminUsers.admin_role_id));
}

type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

/** The spec's admin user shape: users and admin_roles nested. */
function toItem(r: ItemRow) {
  return {
    id: r.id,
    user_id: r.user_id,
    admin_role_id: r.admin_role_id,
    created_at: r.created_at,
    version: r.version,
    users: { name: r.user_name, email: r.user_email, matric_number: r.user_matric },
    admin_roles: r.role,
    mfa_enabled: !!r.mfa_enabled,
  };
}

export async function listAdminUsers(db: Executor) {
  const rows = await selectItems(db).orderBy(asc(users.name), asc(adminUsers.id));
  return rows.map(toItem);
}

export async function findAdminUser(db: Executor, id: string) {
  const [row] = await selectItems(db).where(eq(adminUsers.id, id)).limit(1);
  return row ? toItem(row) : null;
}

export async function userExists(db: Executor, id: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return !!row;
}

export async function roleExists(db: Executor, id: string) {
  const [row] = await db.select({ id: adminRoles.id }).from(adminRoles).where(eq(adminRoles.id, id)).limit(1);
  return !!row;
}

/** Inserts unless the user already holds a role (one role per admin user); answers the new id or null. */
export async function insertAdminUser(db: Executor, userId: string, roleId: string) {
  const [row] = await db
    .insert(adminUsers)
    .values({ user_id: userId, admin_role_id: roleId })
    .onConflictDoNothing({ target: adminUsers.user_id })
    .returning({ id: adminUsers.id });
  return row?.id ?? null;
}

/** Gives the admin user another role only at `version`, raising it; false when no row is at that version. */
export async function setAdminRole(db: Executor, id: string, version: number, roleId: string) {
  const rows = await db
    .update(adminUsers)
    .set({ admin_role_id: roleId, version: sql`${adminUsers.version} + 1` })
    .where(and(eq(adminUsers.id, id), eq(adminUsers.version, version)))
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}

export async function deleteAdminUser(db: Executor, id: string, version: number) {
  const rows = await db
    .delete(adminUsers)
    .where(and(eq(adminUsers.id, id), eq(adminUsers.version, version)))
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}
