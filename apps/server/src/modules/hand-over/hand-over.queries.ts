import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';

// The hand-over's reads and writes: whole-table statements (one per kind), the members left out
// passed as one array.

const arr = (values: unknown[]) => sql.param(values);
const MOVING = sql`('100', '200', '300', '400', '500')`;

export type SessionRow = { id: string; year: string; starts_on: string; ends_on: string; dues_amount: number; dues_by_level: Record<string, number> | null };

export async function currentSession(db: Executor): Promise<SessionRow | null> {
  const { rows } = await db.execute<SessionRow>(sql`select id, year, starts_on, ends_on, dues_amount, dues_by_level from academic_sessions where is_current`);
  return rows[0] ?? null;
}

export async function sessionByYear(db: Executor, year: string): Promise<SessionRow | null> {
  const { rows } = await db.execute<SessionRow>(sql`select id, year, starts_on, ends_on, dues_amount, dues_by_level from academic_sessions where year = ${year}`);
  return rows[0] ?? null;
}

/** Whether a hand-over already started the session of this year. */
export async function handOverDone(db: Executor, year: string): Promise<boolean> {
  const { rows } = await db.execute<{ done: boolean }>(sql`
    select exists (select 1 from session_hand_overs h join academic_sessions s on s.id = h.session_id where s.year = ${year}) as done`);
  return rows[0]!.done;
}

export type AffectedRow = { id: string; name: string; matric_number: string; email: string; current_level: string | null; level_key: string | null; lapses: boolean };

/** Members whose level moves (100 to 500 Level) or whose member role is current, by name. */
export async function affectedMembers(db: Executor): Promise<AffectedRow[]> {
  const { rows } = await db.execute<AffectedRow>(sql`
    select u.id, u.name, u.matric_number, u.email, u.current_level, u.level_key,
           exists (select 1 from member_roles m where m.user_id = u.id and m.role_type = 'member' and m.is_current) as lapses
    from users u
    where u.level_key in ${MOVING}
       or exists (select 1 from member_roles m where m.user_id = u.id and m.role_type = 'member' and m.is_current)
    order by u.name, u.matric_number`);
  return rows;
}

/** The next session: a year on, with the same dues; created when it does not exist. */
export async function ensureSession(db: Executor, from: SessionRow, year: string, now: Date): Promise<SessionRow> {
  const { rows } = await db.execute<SessionRow>(sql`
    insert into academic_sessions (year, starts_on, ends_on, dues_amount, dues_by_level, created_at, updated_at)
    values (${year}, (${from.starts_on}::date + interval '1 year')::date, (${from.ends_on}::date + interval '1 year')::date,
            ${from.dues_amount}, ${from.dues_by_level ? JSON.stringify(from.dues_by_level) : null}::jsonb, ${now}, ${now})
    on conflict (year) do update set updated_at = academic_sessions.updated_at
    returning id, year, starts_on, ends_on, dues_amount, dues_by_level`);
  return rows[0]!;
}

/** Moves the current mark (at most one current: the old one first). Both rows' versions move on. */
export async function makeCurrent(db: Executor, from: SessionRow, to: SessionRow, now: Date) {
  await db.execute(sql`update academic_sessions set is_current = false, version = version + 1, updated_at = ${now} where id = ${from.id} and is_current`);
  await db.execute(sql`update academic_sessions set is_current = true, version = version + 1, updated_at = ${now} where id = ${to.id}`);
}

/** 100 → 200 ... 400 → 500 Level, 500 Level → Alumni. */
export async function moveLevels(db: Executor, exclude: string[], now: Date) {
  const { rows } = await db.execute<{ alumni: boolean }>(sql`
    update users set current_level = case level_key when '500' then 'Alumni' else ((level_key::int) + 100)::text || ' Level' end, updated_at = ${now}, version = version + 1
    where level_key in ${MOVING} and id <> all(${arr(exclude)}::uuid[])
    returning current_level = 'Alumni' as alumni`);
  return { promoted: rows.filter((r) => !r.alumni).length, alumni: rows.filter((r) => r.alumni).length };
}

/** Every current member role stops being current until the member renews. Returns how many members. */
export async function lapseMemberships(db: Executor, exclude: string[], now: Date): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    with lapsed as (
      update member_roles set is_current = false, updated_at = ${now}, version = version + 1
      where role_type = 'member' and is_current and user_id <> all(${arr(exclude)}::uuid[])
      returning user_id)
    select count(distinct user_id)::int as n from lapsed`);
  return rows[0]!.n;
}

export async function recordHandOver(db: Executor, h: { sessionId: string; fromId: string; by: string | null; promoted: number; alumni: number; lapsed: number; excluded: number; now: Date }) {
  await db.execute(sql`
    insert into session_hand_overs (session_id, from_session_id, started_by, promoted, alumni, lapsed, excluded, created_at)
    values (${h.sessionId}, ${h.fromId}, ${h.by}, ${h.promoted}, ${h.alumni}, ${h.lapsed}, ${h.excluded}, ${h.now})`);
}
