import { eq, sql } from 'drizzle-orm';
import { adminRoles, adminUsers, memberRoles, users } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';

export const SUPER_ADMIN_ROLE = 'Super Admin';

/**
 * In one transaction: the Super Admin role (made if missing), the account found by e-mail or
 * matric number (its password set) or created as a verified member, and its link to the role.
 */
export async function makeSuperAdmin(db: Executor, input: { email: string; matric: string; name?: string; passwordHash: string }) {
  const passwordHash = input.passwordHash;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: adminRoles.id })
      .from(adminRoles)
      .where(sql`lower(${adminRoles.role_name}) = lower(${SUPER_ADMIN_ROLE}) and ${adminRoles.is_super_admin}`)
      .limit(1);
    const [role] = found
      ? [found]
      : await tx
      .insert(adminRoles)
      .values({
        role_name: SUPER_ADMIN_ROLE,
        description: 'Full system access',
        is_super_admin: true,
        is_editorial_admin: true,
        is_data_admin: true,
        is_electoral_admin: true,
        is_event_admin: true,
        is_email_admin: true,
        is_finance_admin: true,
      })
      .returning({ id: adminRoles.id });
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = ${input.email} or ${users.matric_number} = ${input.matric}`)
      .limit(1);
    let userId = existing?.id;
    if (userId) {
      await tx.update(users).set({ password_hash: passwordHash, email_verified_at: sql`coalesce(${users.email_verified_at}, now())` }).where(eq(users.id, userId));
    } else {
      const [created] = await tx
        .insert(users)
        .values({ email: input.email, matric_number: input.matric, name: input.name ?? 'Portal Administrator', password_hash: passwordHash, email_verified_at: new Date() })
        .returning({ id: users.id });
      userId = created!.id;
      await tx.insert(memberRoles).values({ user_id: userId, role_name: 'Members', role_type: 'member', verified_by_admin: true });
    }
    await tx
      .insert(adminUsers)
      .values({ user_id: userId, admin_role_id: role!.id })
      .onConflictDoUpdate({ target: adminUsers.user_id, set: { admin_role_id: role!.id } });
    return { userId, created: !existing };
  });
}
