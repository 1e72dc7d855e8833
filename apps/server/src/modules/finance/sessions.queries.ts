import { asc, desc, eq, sql } from 'drizzle-orm';
import { academicSessions } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';

export const sessionColumns = {
  id: academicSessions.id,
  year: academicSessions.year,
  starts_on: academicSessions.starts_on,
  ends_on: academicSessions.ends_on,
  dues_amount: academicSessions.dues_amount,
  dues_by_level: academicSessions.dues_by_level,
  is_current: academicSessions.is_current,
  version: academicSessions.version,
};
export interface SessionRow {
  id: string;
  year: string;
  starts_on: string;
  ends_on: string;
  dues_amount: number;
  dues_by_level: Record<string, number> | null;
  is_current: boolean;
  version: number;
}
export type SessionValues = Partial<Pick<typeof academicSessions.$inferInsert, 'year' | 'starts_on' | 'ends_on' | 'dues_amount' | 'dues_by_level' | 'is_current'>>;

/** Newest first (the year sorts as text: 2027-2028 after 2026-2027). */
export function listSessions(db: Executor): Promise<SessionRow[]> {
  return db.select(sessionColumns).from(academicSessions).orderBy(desc(academicSessions.year), asc(academicSessions.id));
}

export async function findSession(db: Executor, id: string): Promise<SessionRow | null> {
  const [row] = await db.select(sessionColumns).from(academicSessions).where(eq(academicSessions.id, id)).limit(1);
  return row ?? null;
}

export async function currentSession(db: Executor): Promise<SessionRow | null> {
  const [row] = await db.select(sessionColumns).from(academicSessions).where(eq(academicSessions.is_current, true)).limit(1);
  return row ?? null;
}

export async function yearTaken(db: Executor, year: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(exceptId ? sql`${academicSessions.year} = ${year} and ${academicSessions.id} <> ${exceptId}` : eq(academicSessions.year, year))
    .limit(1);
  return !!row;
}

/** Unmarks the current session (but `keepId`): run before marking another, in the same transaction. */
export async function unmarkCurrent(db: Executor, keepId: string | null) {
  await db
    .update(academicSessions)
    .set({ is_current: false, version: sql`${academicSessions.version} + 1`, updated_at: sql`now()` })
    .where(keepId ? sql`${academicSessions.is_current} and ${academicSessions.id} <> ${keepId}` : eq(academicSessions.is_current, true));
}

export async function insertSession(db: Executor, values: Required<Pick<SessionValues, 'year' | 'starts_on' | 'ends_on' | 'dues_amount'>> & SessionValues): Promise<SessionRow> {
  const [row] = await db.insert(academicSessions).values(values).returning(sessionColumns);
  return row!;
}

/** The change, only from the version edited: null when the row has another version (or is gone). */
export async function updateSession(db: Executor, id: string, version: number, values: SessionValues): Promise<SessionRow | null> {
  const [row] = await db
    .update(academicSessions)
    .set({ ...values, version: sql`${academicSessions.version} + 1`, updated_at: sql`now()` })
    .where(sql`${academicSessions.id} = ${id} and ${academicSessions.version} = ${version}`)
    .returning(sessionColumns);
  return row ?? null;
}
