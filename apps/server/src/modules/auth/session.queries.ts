import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { adminRoles, adminUsers, users } from '../../db/schema.ts';
import { roleFlagColumns } from '../admin-roles/admin-roles.queries.ts';

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
  ...roleFlagColumns,
};

// The same columns written out for the raw statements below, of `users u` and its admin role `r`.
const SESSION_USER = Object.entries(sessionUserColumns)
  .map(([name, column]) => `${column.table === users ? 'u' : 'r'}.${column.name}${column.name === name ? '' : ` as ${name}`}`)
  .join(', ');
const WITH_ADMIN_ROLE = `left join admin_users au on au.user_id = u.id
      left join admin_roles r on r.id = au.admin_role_id`;

// Every authenticated request runs this lookup (the vote and the voter's own votes run it inside
// their own statement, SESSION_CTES below): a raw statement
// prepared once per connection costs a fraction of the query builder's CPU (measured about 4x
// less per call), and the Node process, not PostgreSQL, is what limits the vote rate.
//
// One statement also keeps the idle rule: a session unused for longer than its limit ($3 ms for
// a member, $4 ms for an account with an admin role) is not found, and a found session's
// last_seen_at moves to now, but only when it is more than a minute old, so that a busy session
// writes at most one row version a minute and most lookups write nothing.
//
// A member's requests often come together (a page asks for several things at once, a ballot sends
// a vote per position). When their session is due a new last_seen_at, all of them see it due, and
// each used to wait for the one before it to commit its row and then write the row again: one
// member's requests ran one after another, each behind a flush to disk. Now the row is written only
// by a request that finds it unlocked and still due; one that finds another request writing it
// goes on without waiting, since that request records the same activity (should it fail, the
// member's next request records it).
// A session found by its token's hash, if it is live and not idle for longer than its limit.
const FOUND_SESSION = `
    with found as (
      select s.id as session_id, s.last_seen_at, ${SESSION_USER}
      from sessions s
      join users u on u.id = s.user_id
      ${WITH_ADMIN_ROLE}
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2
        and s.last_seen_at > $2::timestamptz - make_interval(secs => (case when r.id is null then $3::bigint else $4::bigint end) / 1000.0)
      limit 1
    )`;
const TOUCH_SESSION = `, touched as (
      update sessions set last_seen_at = $2
      where id = (
        select s.id from found join sessions s on s.id = found.session_id
        where found.last_seen_at < $2::timestamptz - interval '1 minute' and s.last_seen_at < $2::timestamptz - interval '1 minute'
        for update of s skip locked
      )
    )`;
const SELECT_FOUND = `
    select session_id, ${Object.keys(sessionUserColumns).join(', ')}
    from found`;

/**
 * The lookup as the first CTEs (`found`, `touched`) of a statement that does its own work in the
 * same round trip (the vote; plugins/access.ts `sessionInStatement`). Its parameters are $1 the
 * token's hash, $2 now, $3 and $4 the member's and the admin's idle limits in ms; `found` has one
 * row for a live session, none otherwise, and the statement must then write nothing.
 */
export const SESSION_CTES = FOUND_SESSION + TOUCH_SESSION;

/** The session a statement starting with SESSION_CTES looks up: its token's hash and the idle limits. */
export interface StatementSession {
  tokenHash: string;
  idle: SessionIdleLimits;
}

/** The first parameters of a statement that starts with SESSION_CTES. */
export function sessionParams({ tokenHash, idle }: StatementSession, now: Date): [string, Date, number, number] {
  return [tokenHash, now, idle.member, idle.admin];
}

const SESSION_BY_TOKEN = { name: 'session-by-token-idle', text: SESSION_CTES + SELECT_FOUND };
// The same lookup without recording activity: for checks the server makes on its own (a live
// socket's periodic re-check), which must not keep an idle session alive.
const SESSION_BY_TOKEN_PEEK = { name: 'session-by-token-idle-peek', text: FOUND_SESSION + SELECT_FOUND };

/** The idle limits of a session, in ms (config.sessionIdleMs). */
export interface SessionIdleLimits {
  admin: number;
  member: number;
}

/** The defaults of SESSION_IDLE_ADMIN_MINUTES and SESSION_IDLE_MEMBER_MINUTES. */
export const DEFAULT_SESSION_IDLE_MS: SessionIdleLimits = { admin: 2 * 3600_000, member: 24 * 3600_000 };

/**
 * The signed-in user of a session token's hash, or null when the session is unknown, revoked,
 * past its absolute expiry or idle for longer than its limit. Counts as the session's activity
 * unless `countsAsActivity` is false.
 */
export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
  now: Date,
  idle: SessionIdleLimits = DEFAULT_SESSION_IDLE_MS,
  { countsAsActivity = true }: { countsAsActivity?: boolean } = {},
): Promise<(SessionUserRow & { session_id: string }) | null> {
  // drizzle(pool) keeps its pool as $client; the Db type does not name it.
  const pool = (db as Db & { $client: pg.Pool }).$client;
  const { rows } = await pool.query<SessionUserRow & { session_id: string }>({ ...(countsAsActivity ? SESSION_BY_TOKEN : SESSION_BY_TOKEN_PEEK), values: sessionParams({ tokenHash, idle }, now) });
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

/** Opens a session of the user's and answers the signed-in user, in one statement: the last of a sign-in. */
export async function openSession(db: Db, userId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<SessionUserRow> {
  const { rows } = await db.execute<SessionUserRow>(sql`
    with s as (
      insert into sessions (user_id, token_hash, created_at, expires_at, last_seen_at)
      values (${userId}::uuid, ${tokenHash}, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      returning user_id
    )
    select ${sql.raw(SESSION_USER)}
    from s join users u on u.id = s.user_id
    ${sql.raw(WITH_ADMIN_ROLE)}`);
  return rows[0]!;
}
