import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditLogExportQuery, MemberRolesExportQuery, MembersExportQuery, PaymentsExportQuery } from '@aesa/shared/schemas/exports';
import type { Db } from '../../db/client.ts';
import { academicSessions, auditLog, bulkEmails, executives, mailOutbox, memberRoles, payments, users } from '../../db/schema.ts';
import type { CsvQuery } from '../../lib/csv-stream.ts';
import { auditConditions } from '../audit/audit.queries.ts';
import { heldAt, positionOrder } from '../executives-admin/executives-admin.queries.ts';
import { memberRoleConditions, screenFilter } from '../member-roles/member-roles.queries.ts';
import { levelCondition, notDemoAdmin, searchCondition } from '../user-picker/user-filters.queries.ts';

// The queries behind the CSV exports. Each selects its columns in the file's order (the rows are
// read as arrays through a cursor, lib/csv-stream.ts) with the filter of the screen it exports.

const compiled = (query: { toSQL(): { sql: string; params: unknown[] } }): CsvQuery => query.toSQL();

export async function currentSessionYear(db: Db) {
  const [row] = await db.select({ year: academicSessions.year }).from(academicSessions).where(eq(academicSessions.is_current, true)).limit(1);
  return row?.year ?? null;
}

export async function sessionIdOf(db: Db, year: string) {
  const [row] = await db.select({ id: academicSessions.id }).from(academicSessions).where(eq(academicSessions.year, year)).limit(1);
  return row?.id ?? null;
}

export async function bulkEmailExists(db: Db, id: string) {
  const [row] = await db.select({ id: bulkEmails.id }).from(bulkEmails).where(eq(bulkEmails.id, id)).limit(1);
  return !!row;
}

// Written out with table aliases: drizzle names a column of the only table in FROM without its
// table, which inside a subquery would mean the subquery's own table.
/** A verified member: one of their roles is both verified and current (what voting asks today). */
const verified = sql<boolean>`exists (select 1 from member_roles r where r.user_id = users.id and r.verified_by_admin and r.is_current)`;
/** A financial member of the current session: an approved payment for it. */
const financial = sql<boolean>`exists (select 1 from payments p join academic_sessions s on s.id = p.session_id where p.user_id = users.id and s.is_current and p.status = 'approved')`;
const skills = sql<string>`(select string_agg(k.skill_name, '; ' order by k.created_at) from user_skills k where k.user_id = users.id)`;

/** Members as data admins see them in the picker (e-mail included), with verification and financial status. */
export function membersQuery(db: Db, f: MembersExportQuery): CsvQuery {
  return compiled(
    db
      .select({ name: users.name, matric_number: users.matric_number, email: users.email, level: users.current_level, year: users.enrollment_year, skills, verified, financial })
      .from(users)
      .where(and(notDemoAdmin(), searchCondition(f.search || undefined, true), levelCondition(f.level || undefined)))
      .orderBy(asc(users.name), asc(users.id)),
  );
}

/** Member roles as the Member Roles screen lists them, with its filter and order. */
export function memberRolesQuery(db: Db, f: MemberRolesExportQuery): CsvQuery {
  return compiled(
    db
      .select({
        name: users.name,
        matric_number: users.matric_number,
        role_name: memberRoles.role_name,
        role_type: memberRoles.role_type,
        position: memberRoles.associated_position,
        year_range: memberRoles.associated_year_range,
        verified: memberRoles.verified_by_admin,
        current: memberRoles.is_current,
        updated_at: memberRoles.updated_at,
      })
      .from(memberRoles)
      .innerJoin(users, eq(users.id, memberRoles.user_id))
      .where(memberRoleConditions(screenFilter(f)))
      .orderBy(asc(memberRoles.verified_by_admin), asc(users.name), asc(memberRoles.id)),
  );
}

/** Every executive record, past ones included, in the Executives screen's order. */
export function executivesQuery(db: Db, now: Date): CsvQuery {
  return compiled(
    db
      .select({
        position: executives.position,
        name: users.name,
        matric_number: users.matric_number,
        email: users.email,
        year: executives.year,
        holds_office_now: sql<boolean>`coalesce(${heldAt(now)}, false)`,
        is_current: executives.is_current,
        end_date: executives.end_date,
        created_at: executives.created_at,
      })
      .from(executives)
      .innerJoin(users, eq(users.id, executives.user_id))
      .orderBy(sql`${positionOrder} nulls last`, asc(executives.position), desc(executives.created_at), asc(executives.id)),
  );
}

const recorder = alias(users, 'recorder');
const decider = alias(users, 'decider');

/** One session's payments, optionally of one status, oldest first. */
export function paymentsQuery(db: Db, sessionId: string, f: PaymentsExportQuery): CsvQuery {
  const member = alias(users, 'member');
  return compiled(
    db
      .select({
        receipt_number: payments.receipt_number,
        name: member.name,
        matric_number: member.matric_number,
        amount: payments.amount,
        method: payments.method,
        reference: payments.reference,
        status: payments.status,
        reason: payments.reason,
        recorded_by: recorder.name,
        decided_by: decider.name,
        decided_at: payments.decided_at,
        created_at: payments.created_at,
      })
      .from(payments)
      .innerJoin(member, eq(member.id, payments.user_id))
      .leftJoin(recorder, eq(recorder.id, payments.recorded_by))
      .leftJoin(decider, eq(decider.id, payments.decided_by))
      .where(and(eq(payments.session_id, sessionId), f.status ? eq(payments.status, f.status) : undefined))
      .orderBy(asc(payments.created_at), asc(payments.id)),
  );
}

/** The audit log as its screen filters it, newest first. */
export function auditLogQuery(db: Db, f: AuditLogExportQuery): CsvQuery {
  return compiled(
    db
      .select({
        created_at: auditLog.created_at,
        actor: sql<string | null>`coalesce(${auditLog.actor_name}, ${users.name})`,
        summary: sql<string>`coalesce(${auditLog.summary}, ${auditLog.action})`,
        action: auditLog.action,
        target_type: auditLog.target_type,
        target_name: auditLog.target_name,
        target_id: auditLog.target_id,
        outcome: auditLog.outcome,
        status_code: auditLog.status_code,
        changes: auditLog.changes,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actor_id))
      .where(auditConditions(f))
      .orderBy(desc(auditLog.created_at), desc(auditLog.id)),
  );
}

/** The recipients of one bulk e-mail (its messages in the outbox), with the member each address belongs to. */
export function bulkEmailRecipientsQuery(db: Db, bulkEmailId: string): CsvQuery {
  return compiled(
    db
      .select({ name: users.name, matric_number: users.matric_number, email: mailOutbox.to_address, status: mailOutbox.status, sent_at: mailOutbox.sent_at })
      .from(mailOutbox)
      .leftJoin(users, eq(users.email, sql`lower(${mailOutbox.to_address})`))
      .where(eq(mailOutbox.bulk_email_id, bulkEmailId))
      .orderBy(asc(mailOutbox.to_address)),
  );
}
