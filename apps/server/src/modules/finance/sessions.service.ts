import { sessionOfDay, type SessionCreateInput, type SessionUpdateInput } from '@aesa/shared/finance';
import { fail } from '../../lib/app-error.ts';
import { editConflict } from '../../lib/edit-version.ts';
import { isUniqueViolation, type Executor } from '../../db/tx.ts';
import * as q from './sessions.queries.ts';
import type { AppConfig } from '../../config.ts';
import { dayText } from '../../lib/date-text.ts';

// Academic sessions: the association's year with its dates and dues. Exactly one is current at
// most (a partial unique index); marking one current unmarks the other in the same transaction
// (the admin write's request transaction), so no reader ever sees two or a gap mid-change.

export const listSessions = (db: Executor) => q.listSessions(db);

export async function createSession(db: Executor, input: SessionCreateInput) {
  if (await q.yearTaken(db, input.year)) throw fail('SESSION_YEAR_TAKEN');
  if (input.is_current) await q.unmarkCurrent(db, null);
  try {
    return await q.insertSession(db, {
      year: input.year,
      starts_on: input.starts_on,
      ends_on: input.ends_on,
      dues_amount: input.dues_amount,
      dues_by_level: input.dues_by_level ?? null,
      is_current: input.is_current ?? false,
    });
  } catch (err) {
    if (isUniqueViolation(err, 'academic_sessions_year_key')) throw fail('SESSION_YEAR_TAKEN');
    throw err;
  }
}

export async function updateSession(db: Executor, id: string, version: number, input: SessionUpdateInput) {
  const existing = await q.findSession(db, id);
  if (!existing) throw fail('SESSION_NOT_FOUND');
  if (existing.version !== version) throw await editConflict(db, 'session', id, existing);
  const starts = input.starts_on ?? existing.starts_on;
  const ends = input.ends_on ?? existing.ends_on;
  if (ends <= starts) throw fail('SESSION_END_BEFORE_START');
  if (input.year !== undefined && (await q.yearTaken(db, input.year, id))) throw fail('SESSION_YEAR_TAKEN');
  // A session stops being current only by another becoming current: there is always one to pay for.
  if (input.is_current) await q.unmarkCurrent(db, id);
  const { version: _sent, is_current, ...fields } = input;
  const values: q.SessionValues = { ...fields, ...(is_current ? { is_current: true } : {}) };
  if (input.dues_by_level === undefined) delete values.dues_by_level;
  try {
    const row = await q.updateSession(db, id, version, values);
    if (!row) throw await editConflict(db, 'session', id, await q.findSession(db, id));
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'academic_sessions_year_key')) throw fail('SESSION_YEAR_TAKEN');
    throw err;
  }
}

/**
 * The session a new executive or newly installed winners are proposed for: the session Finance
 * marked current, or, when there is none, the one today falls in (sessions start on 1 September).
 */
export async function currentSessionYear(db: Executor, config: Pick<AppConfig, 'timeZone'>, now: Date): Promise<string> {
  return (await q.currentSession(db))?.year ?? sessionOfDay(dayText(config, now));
}
