import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import { changeAdminMembership } from '../admin-roles/admin-membership.queries.ts';
import * as q from './admin-users.queries.ts';

export const listAdminUsers = (db: Db) => q.listAdminUsers(db);
export const findAdminUser = (db: Db, id: string) => q.findAdminUser(db, id);

async function getAdminUser(db: Db, id: string) {
  const item = await q.findAdminUser(db, id);
  if (!item) throw fail('ADMIN_USER_NOT_FOUND');
  return item;
}

/**
 * Makes a member an admin with one role. Unknown user → 404; unknown role → 400 (the form
 * offered a role that no longer exists); a user who already holds a role → 409.
 */
export async function createAdminUser(db: Db, input: { user_id: string; admin_role_id: string }) {
  const id = await changeAdminMembership(db, async (tx) => {
    if (!(await q.userExists(tx, input.user_id))) throw fail('MEMBER_NOT_FOUND');
    if (!(await q.roleExists(tx, input.admin_role_id))) throw fail('ADMIN_ROLE_UNKNOWN');
    const created = await q.insertAdminUser(tx, input.user_id, input.admin_role_id);
    if (!created) throw fail('ADMIN_ALREADY_ADMIN');
    return created;
  });
  return getAdminUser(db, id);
}

/**
 * Gives an admin user another role if it is still at `version` (null otherwise: lib/edit-version.ts
 * answers); demoting the last super admin is refused (409).
 */
export async function changeAdminRole(db: Db, id: string, version: number, roleId: string) {
  const changed = await changeAdminMembership(db, async (tx) => {
    if (!(await q.findAdminUser(tx, id))) throw fail('ADMIN_USER_NOT_FOUND');
    if (!(await q.roleExists(tx, roleId))) throw fail('ADMIN_ROLE_UNKNOWN');
    return q.setAdminRole(tx, id, version, roleId);
  });
  return changed ? getAdminUser(db, id) : null;
}

/** Removes an admin user at `version` (the member stays); removing the last super admin is refused (409). */
export async function deleteAdminUser(db: Db, id: string, version: number) {
  return changeAdminMembership(db, (tx) => q.deleteAdminUser(tx, id, version));
}
