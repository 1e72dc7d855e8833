import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { adminRoles, adminUsers, users } from '../../db/schema.ts';

/** Columns of a signed-in user, with the admin role (if any) in the same round trip. */
export const sessionUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  matric_number: users.matric_number,
  phone_number: users.phone_number,
  profile_image_url: users.profile_image_url,
  user_type: users.user_type,
  admin_role: adminRoles.role_name,
  is_super_admin: adminRoles.is_super_admin,
  is_editorial_admin: adminRoles.is_editorial_admin,
  is_data_admin: adminRoles.is_data_admin,
  is_electoral_admin: adminRoles.is_electoral_admin,
  is_event_admin: adminRoles.is_event_admin,
  is_email_admin: adminRoles.is_email_admin,
};

// Every authenticated request runs this lookup, the vote endpoint included: a raw statement
// prepared once per connection costs a fraction of the query builder's CPU (measured about 4x
// less per call), and the Node process, not PostgreSQL, is what limits the vote rate.
const SESSION_BY_TOKEN = {
  name: 'session-by-token',
  text: `
    select s.id as session_id, u.id, u.name, u.email, u.matric_number, u.phone_number, u.profile_image_url, u.user_type,
           r.role_name as admin_role, r.is_super_admin, r.is_editorial_admin, r.is_data_admin,
           r.is_electoral_admin, r.is_event_admin, r.is_email_admin
    from sessions s
    join users u on u.id = s.user_id
    left join admin_users au on au.user_id = u.id
    left join admin_roles r on r.id = au.admin_role_id
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2
    limit 1`,
};

export async function findSessionByTokenHash(db: Db, tokenHash: string, now: Date): Promise<(SessionUserRow & { session_id: string }) | null> {
  // drizzle(pool) keeps its pool as $client; the Db type does not name it.
  const pool = (db as Db & { $client: pg.Pool }).$client;
  const { rows } = await pool.query<SessionUserRow & { session_id: string }>({ ...SESSION_BY_TOKEN, values: [tokenHash, now] });
  return rows[0] ?? null;
}

export async function findUserWithAdminRole(db: Db, userId: string) {
  const [row] = await db
    .select(sessionUserColumns)
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.user_id, users.id))
    .leftJoin(adminRoles, eq(adminRoles.id, adminUsers.admin_role_id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export type SessionUserRow = NonNullable<Awaited<ReturnType<typeof findUserWithAdminRole>>>;
