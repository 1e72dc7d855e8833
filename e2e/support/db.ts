import pg from 'pg';
import { runningEmbeddedUrl } from '../../apps/server/src/db/embedded.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';

// Direct access to the e2e server's database, for data no public screen or API can create
// (activated members with levels and skills, office holders). The server under test owns an
// embedded PostgreSQL under E2E_DATA_DIR (playwright.config.ts); we connect to that same server.

let pool: pg.Pool | null = null;

function database(): pg.Pool {
  if (pool) return pool;
  const url = process.env.E2E_DATABASE_URL ?? runningEmbeddedUrl(process.env.E2E_DATA_DIR ?? '');
  if (!url) throw new Error('e2e/support/db.ts: no running database (is the e2e server up? E2E_DATA_DIR unset?)');
  pool = new pg.Pool({ connectionString: url, max: 2 });
  return pool;
}

export async function closeDb() {
  await pool?.end();
  pool = null;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

export interface SeedMember {
  name: string;
  matric_number?: string;
  email?: string;
  current_level?: string | null;
  enrollment_year?: number | null;
  bio?: string | null;
  roles?: string[];
  skills?: string[];
  /** student, member (the default), alumni or executive: the bulk e-mail groups. */
  user_type?: string;
}

/**
 * Activated members (a password is set, so the directory lists them), with their current roles
 * and skills. They cannot log in: the stored hash matches no password.
 */
export async function insertMembers(members: SeedMember[]): Promise<{ id: string; name: string; matric_number: string; email: string }[]> {
  const db = database();
  const client = await db.connect();
  try {
    await client.query('begin');
    const out: { id: string; name: string; matric_number: string; email: string }[] = [];
    for (const m of members) {
      const id = unique();
      const matric = m.matric_number ?? `E2E/${id}`.toUpperCase();
      const email = m.email ?? `fixture.${id}@example.test`;
      const { rows } = await client.query<{ id: string }>(
        `insert into users (name, email, matric_number, password_hash, email_verified_at, current_level, enrollment_year, bio, user_type)
         values ($1, $2, $3, 'e2e-fixture-no-login', now(), $4, $5, $6, $7) returning id`,
        [m.name, email, matric, m.current_level ?? null, m.enrollment_year ?? null, m.bio ?? null, m.user_type ?? 'member'],
      );
      const userId = rows[0]!.id;
      for (const role of m.roles ?? ['Members']) {
        await client.query(
          `insert into member_roles (user_id, role_name, role_type, is_current, verified_by_admin) values ($1, $2, $3, true, true)`,
          [userId, role, role === 'Members' ? 'member' : 'executive'],
        );
      }
      for (const skill of m.skills ?? []) {
        await client.query(`insert into user_skills (user_id, skill_name) values ($1, $2)`, [userId, skill]);
      }
      out.push({ id: userId, name: m.name, matric_number: matric, email });
    }
    await client.query('commit');
    return out;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

export interface NewAccount {
  email: string;
  matric: string;
  password: string;
  /** The display name; none (the default) is what a new sign-up has. */
  name?: string;
  /** Whether the Data admin has verified the member role (who may vote). Sign-ups start unverified. */
  verified?: boolean;
}

/**
 * An account in the state the sign-up flow leaves it in once the first password is set from the
 * e-mailed link: e-mail verified, the password hashed as the server hashes it, one current
 * Members role. The flow itself has its own tests (auth.spec.ts); a test that only needs someone
 * signed in gets them here in a few milliseconds instead of a sign-up, a mail and a reset.
 */
export async function insertAccount(account: NewAccount): Promise<{ id: string }> {
  const passwordHash = await hashPassword(account.password);
  const client = await database().connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string }>(
      `insert into users (name, email, matric_number, password_hash, password_changed_at, email_verified_at)
       values ($1, $2, $3, $4, now(), now()) returning id`,
      [account.name ?? '', account.email.toLowerCase(), account.matric.toUpperCase(), passwordHash],
    );
    const id = rows[0]!.id;
    await client.query(
      `insert into member_roles (user_id, role_name, role_type, is_current, verified_by_admin) values ($1, 'Members', 'member', true, $2)`,
      [id, account.verified ?? false],
    );
    await client.query('commit');
    return { id };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** Makes a member the current holder of an office (ends any other current holder of it). */
export async function appointExecutive(userId: string, position: string) {
  const db = database();
  await db.query(`update executives set is_current = false where position = $1 and is_current`, [position]);
  await db.query(`insert into executives (user_id, position, year, is_current) values ($1, $2, '2024-2025', true)`, [userId, position]);
}

/** Ends every current appointment (tests that need vacant offices). */
export async function clearExecutives() {
  await database().query(`update executives set is_current = false where is_current`);
}

export async function newsletterHas(email: string): Promise<boolean> {
  const { rowCount } = await database().query(`select 1 from newsletter_subscribers where email = $1`, [email.toLowerCase()]);
  return (rowCount ?? 0) > 0;
}

/** Deletes an account (as if it had been removed meanwhile), with everything that belongs to it. */
export async function deleteUser(userId: string) {
  await database().query(`delete from users where id = $1`, [userId]);
}

/** Deletes an admin role (after its holders: the fixtures' clean-up). */
export async function deleteAdminRole(roleId: string) {
  await database().query(`delete from admin_roles where id = $1`, [roleId]);
}

/** Deletes an election with its candidates, participations and ballots (the fixtures' clean-up). */
export async function deleteElection(electionId: string) {
  await database().query(`delete from elections where id = $1`, [electionId]);
}

/** Verifies or unverifies a member's role (as a data admin does from Member Roles). */
export async function setVerified(userId: string, verified: boolean) {
  await database().query(`update member_roles set verified_by_admin = $2 where user_id = $1`, [userId, verified]);
}

/** The members holding an office now (the About page's holders), for a test that puts them back after. */
export async function currentHolders(position: string): Promise<string[]> {
  const { rows } = await database().query<{ user_id: string }>(
    `select user_id from executives where position = $1 and is_current and (end_date is null or end_date > now())`,
    [position],
  );
  return rows.map((r) => r.user_id);
}

/**
 * The session with this year ("2026-2027"), made if it does not exist yet (as a finance admin
 * would), and made current when no session is. Specs running at the same time against one server
 * may both ask: the year's unique index keeps one row.
 */
export async function ensureSession(year: string, dues = 5000): Promise<string> {
  const first = Number(year.slice(0, 4));
  await database().query(
    `insert into academic_sessions (year, starts_on, ends_on, dues_amount, is_current)
     select $1, $2::date, $3::date, $4, not exists (select 1 from academic_sessions where is_current)
     on conflict (year) do nothing`,
    [year, `${first}-09-01`, `${first + 1}-08-31`, dues],
  );
  const { rows } = await database().query<{ id: string }>(`select id from academic_sessions where year = $1`, [year]);
  return rows[0]!.id;
}

/** The current session's year, after making 2026-2027 (current if none is). */
export async function ensureCurrentSession(year = '2026-2027', dues = 5000) {
  await ensureSession(year, dues);
  const { rows } = await database().query<{ year: string }>(`select year from academic_sessions where is_current`);
  return rows[0]?.year ?? null;
}

/** A payment of a member's dues for a session, in the given status (as the treasurer records and decides it). */
export async function recordPayment(userId: string, sessionId: string, status: 'pending' | 'approved' | 'rejected' | 'void' = 'approved') {
  await database().query(`insert into payments (user_id, session_id, amount, method, status) values ($1, $2, 5000, 'cash', $3)`, [userId, sessionId, status]);
}

/** Removes a member's payments (payments are never deleted by the portal; a test's accounts must go). */
export async function deletePaymentsOf(userId: string) {
  await database().query(`delete from payments where user_id = $1`, [userId]);
}

/** The current session's year, or null when no session is current. */
export async function currentSessionYear(): Promise<string | null> {
  const { rows } = await database().query<{ year: string }>(`select year from academic_sessions where is_current`);
  return rows[0]?.year ?? null;
}

/** Each member's level and whether their Members role is current, by id. */
export async function memberStates(ids: string[]): Promise<Map<string, { level: string | null; current: boolean }>> {
  const { rows } = await database().query<{ id: string; current_level: string | null; current: boolean }>(
    `select u.id, u.current_level,
            exists (select 1 from member_roles m where m.user_id = u.id and m.role_type = 'member' and m.is_current) as current
     from users u where u.id = any($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { level: r.current_level, current: r.current }]));
}

/**
 * What a hand-over leaving out `excluded` must do to the whole database as it is now: members at
 * 100 to 400 Level move up, those at 500 Level become alumni, every member with a current Members
 * role lapses, and each of them (with an e-mail address) is e-mailed.
 */
export async function handOverExpectation(excluded: string[]) {
  const { rows } = await database().query<{ promoted: number; alumni: number; lapsed: number; emailed: number }>(
    `with u as (select * from users where id <> all($1::uuid[])),
          lapsing as (select distinct user_id from member_roles where role_type = 'member' and is_current and user_id <> all($1::uuid[]))
     select (select count(*) from u where current_level in ('100 Level', '200 Level', '300 Level', '400 Level'))::int as promoted,
            (select count(*) from u where current_level = '500 Level')::int as alumni,
            (select count(*) from lapsing)::int as lapsed,
            (select count(*) from u where (current_level in ('100 Level', '200 Level', '300 Level', '400 Level', '500 Level') or id in (select user_id from lapsing))
                                      and coalesce(email, '') <> '')::int as emailed`,
    [excluded],
  );
  return rows[0]!;
}
