import { CLASS_LIST_LIMITS, CLASS_LIST_MSG, levelOf, sameName } from '@aesa/shared/class-list';
import type { ClassListRow } from '@aesa/shared/schemas/class-list';
import { EMAIL_PATTERN } from '@aesa/shared/auth';
import { LIMITS } from '@aesa/shared/constants';
import type { Db } from '../../db/client.ts';
import type { FileRow } from './class-list-file.ts';
import * as q from './class-list.queries.ts';

type Valid = { row: number; matric_number: string; name: string; level: string | null; email: string | null };

/** The row's reason to be refused, or its values as stored (matric upper-cased, level in the portal's words). */
function validate(r: FileRow): { reason: string } | Valid {
  const matric = r.matric_number.trim().toUpperCase(); // as sign-up stores it
  if (!matric) return { reason: CLASS_LIST_MSG.matricMissing };
  if (matric.length > LIMITS.matricMax) return { reason: CLASS_LIST_MSG.matricTooLong };
  const name = r.name.replace(/\s+/g, ' ').trim();
  if (!name) return { reason: CLASS_LIST_MSG.nameMissing };
  if (name.length > CLASS_LIST_LIMITS.nameMax) return { reason: CLASS_LIST_MSG.nameTooLong };
  const level = r.level ? levelOf(r.level) : null;
  if (r.level && !level) return { reason: CLASS_LIST_MSG.levelInvalid(r.level) };
  const email = r.email ? r.email.toLowerCase() : null;
  if (email && (email.length > LIMITS.emailMax || !EMAIL_PATTERN.test(email))) return { reason: CLASS_LIST_MSG.emailInvalid(r.email) };
  return { row: r.row, matric_number: matric, name, level, email };
}

/**
 * The row report of a class list, and (unless a dry run) its apply: matched members verified and
 * their level set, students not registered yet listed so that they are verified when they
 * register; conflicts, invalid rows and later duplicates are reported only. Applying the same file
 * again finds nothing to change. The caller runs this in one transaction (the audited request's),
 * so a failure or a killed process leaves nothing half-applied. Decision 050.
 */
export async function importClassList(db: Db, fileRows: FileRow[], opts: { dryRun: boolean; adminId: string | null; now: Date }) {
  if (!opts.dryRun) await q.lockMembershipYear(db);
  const report: ClassListRow[] = [];
  const firstRowOf = new Map<string, number>();
  const valid: Valid[] = [];
  for (const r of fileRows) {
    const v = validate(r);
    const base = { row: r.row, matric_number: r.matric_number, name: r.name, level: r.level || null, email: r.email || null, member: null, changes: [] };
    if ('reason' in v) {
      report.push({ ...base, kind: 'invalid', reason: v.reason });
      continue;
    }
    const first = firstRowOf.get(v.matric_number);
    if (first !== undefined) {
      report.push({ ...base, ...v, kind: 'duplicate', reason: CLASS_LIST_MSG.duplicate(first) });
      continue;
    }
    firstRowOf.set(v.matric_number, v.row);
    valid.push(v);
  }

  const matrics = valid.map((v) => v.matric_number);
  const accounts = new Map((await q.accountsByMatric(db, matrics)).map((a) => [a.matric_number, a]));
  const listed = new Map((await q.listedStudents(db, matrics.filter((m) => !accounts.has(m)))).map((s) => [s.matric_number, s]));

  const toVerify: string[] = [];
  const levelIds: string[] = [];
  const levels: string[] = [];
  const toList: q.ListedStudent[] = [];
  for (const v of valid) {
    const account = accounts.get(v.matric_number);
    const { row: _row, ...values } = v;
    if (account) {
      const member = { id: account.id, name: account.name, current_level: account.current_level, verified: account.verified };
      if (!sameName(v.name, account.name)) {
        report.push({ ...v, kind: 'conflict', reason: CLASS_LIST_MSG.conflict(account.name), member, changes: [] });
        continue;
      }
      const changes: ClassListRow['changes'] = [];
      if (!account.verified) {
        changes.push('verify');
        toVerify.push(account.id);
      }
      if (v.level && v.level !== account.current_level) {
        changes.push('level');
        levelIds.push(account.id);
        levels.push(v.level);
      }
      report.push({ ...v, kind: 'matched', reason: null, member, changes });
    } else {
      const before = listed.get(v.matric_number);
      const same = before && before.name === v.name && before.level === v.level && before.email === v.email;
      if (!same) toList.push(values);
      report.push({ ...v, kind: 'not_registered', reason: null, member: null, changes: same ? [] : ['pre_verify'] });
    }
  }

  if (!opts.dryRun) {
    await q.verifyMembers(db, toVerify, opts.now);
    await q.setLevels(db, levelIds, levels, opts.now);
    await q.upsertListedStudents(db, toList, opts.adminId, opts.now);
  }

  report.sort((a, b) => a.row - b.row);
  const count = (kind: ClassListRow['kind']) => report.filter((r) => r.kind === kind).length;
  const counts = {
    rows: report.length,
    matched: count('matched'),
    not_registered: count('not_registered'),
    conflict: count('conflict'),
    invalid: count('invalid'),
    duplicate: count('duplicate'),
    to_verify: toVerify.length,
    level_changes: levelIds.length,
    pre_verified: toList.length,
    changed: report.filter((r) => r.changes.length > 0).length,
  };
  return { dry_run: opts.dryRun, counts, rows: report };
}
