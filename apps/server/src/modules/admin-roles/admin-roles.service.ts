import { type AdminRoleCreateInput, type AdminRoleUpdateInput } from '@aesa/shared/admin';
import { ADMIN_FLAGS } from '@aesa/shared/constants';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../db/tx.ts';
import { changeAdminMembership } from './admin-membership.queries.ts';
import * as q from './admin-roles.queries.ts';

const NAME_INDEX = 'admin_roles_name_key';

/** A unique-name violation (case-insensitive index) becomes 409; anything else is rethrown. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, NAME_INDEX)) throw fail('ADMIN_ROLE_NAME_TAKEN');
    throw err;
  }
}

export const listRoles = (db: Db) => q.listRoles(db);
export const findRole = (db: Db, id: string) => q.findRole(db, id);

export async function getRole(db: Db, id: string) {
  const role = await q.findRole(db, id);
  if (!role) throw fail('ADMIN_ROLE_NOT_FOUND');
  return role;
}

export async function createRole(db: Db, input: AdminRoleCreateInput) {
  const flags = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, input[f] ?? false]));
  const id = await uniqueName(() => q.insertRole(db, { role_name: input.role_name, description: input.description ?? null, ...flags }));
  return getRole(db, id);
}

/**
 * Edits a role if it is still at `version` (null otherwise: lib/edit-version.ts answers);
 * dropping is_super_admin from the role of the last super admin(s) is refused.
 */
export async function updateRole(db: Db, id: string, version: number, input: AdminRoleUpdateInput) {
  const values: q.RoleValues = {};
  if (input.role_name !== undefined) values.role_name = input.role_name;
  if (input.description !== undefined) values.description = input.description;
  for (const f of ADMIN_FLAGS) if (input[f] !== undefined) values[f] = input[f];
  if (Object.keys(values).length === 0) throw fail('ADMIN_NOTHING_TO_UPDATE');
  const changed = await uniqueName(() =>
    changeAdminMembership(db, async (tx) => {
      if (!(await q.findRole(tx, id))) throw fail('ADMIN_ROLE_NOT_FOUND');
      return q.updateRole(tx, id, version, values);
    }),
  );
  return changed ? getRole(db, id) : null;
}

/**
 * Deletes a role nobody holds; a held role answers 409 with how many hold it. Under the
 * admin-membership lock nobody can be given this role between the count and the delete.
 */
export async function deleteRole(db: Db, id: string, version: number) {
  return changeAdminMembership(db, async (tx) => {
    const role = await q.findRole(tx, id);
    if (!role) throw fail('ADMIN_ROLE_NOT_FOUND');
    if (role.admin_users_count > 0) throw fail('ADMIN_ROLE_IN_USE', role.admin_users_count);
    return q.deleteRole(tx, id, version);
  });
}
