import { and, count, desc, eq, gte, ilike, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuditOutcome } from '@aesa/shared/admin';
import { z } from 'zod';
import type { Executor } from '../../db/tx.ts';
import { academicSessions, adminRoles, adminUsers, articles, articleSubmissions, auditLog, candidates, elections, events, executives, memberRoles, payments, users } from '../../db/schema.ts';
import { likeEscape } from '../../db/like-escape.ts';
import type { AuditTargetType } from './audit-actions.ts';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Executor, row: AuditRow) {
  await db.insert(auditLog).values(row);
}

export async function userName(db: Executor, id: string) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return row?.name ?? null;
}

const person = (name: AnyColumn, detail: AnyColumn) => sql<string>`${name} || ', ' || ${detail}`;

/** The name of each kind of target, as the audit log shows it ("Ada Obi, President" for a candidate). */
const TARGET_NAMES: Partial<Record<AuditTargetType, (db: Executor, id: string) => Promise<{ name: string }[]>>> = {
  role: (db, id) => db.select({ name: adminRoles.role_name }).from(adminRoles).where(eq(adminRoles.id, id)),
  admin: (db, id) =>
    db
      .select({ name: person(users.name, adminRoles.role_name) })
      .from(adminUsers)
      .innerJoin(users, eq(users.id, adminUsers.user_id))
      .innerJoin(adminRoles, eq(adminRoles.id, adminUsers.admin_role_id))
      .where(eq(adminUsers.id, id)),
  member: (db, id) => db.select({ name: users.name }).from(users).where(eq(users.id, id)),
  'member role': (db, id) => db.select({ name: person(users.name, memberRoles.role_name) }).from(memberRoles).innerJoin(users, eq(users.id, memberRoles.user_id)).where(eq(memberRoles.id, id)),
  executive: (db, id) => db.select({ name: person(users.name, executives.position) }).from(executives).innerJoin(users, eq(users.id, executives.user_id)).where(eq(executives.id, id)),
  election: (db, id) => db.select({ name: elections.title }).from(elections).where(eq(elections.id, id)),
  candidate: (db, id) => db.select({ name: person(users.name, candidates.position) }).from(candidates).innerJoin(users, eq(users.id, candidates.user_id)).where(eq(candidates.id, id)),
  event: (db, id) => db.select({ name: events.title }).from(events).where(eq(events.id, id)),
  article: (db, id) => db.select({ name: articles.title }).from(articles).where(eq(articles.id, id)),
  session: (db, id) => db.select({ name: academicSessions.year }).from(academicSessions).where(eq(academicSessions.id, id)),
  payment: (db, id) =>
    db
      .select({ name: sql<string>`${users.name} || ', ' || ${academicSessions.year} || coalesce(' (' || ${payments.receipt_number} || ')', '')` })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.user_id))
      .innerJoin(academicSessions, eq(academicSessions.id, payments.session_id))
      .where(eq(payments.id, id)),
  'article submission': (db, id) => db.select({ name: articleSubmissions.title }).from(articleSubmissions).where(eq(articleSubmissions.id, id)),
};

/** The target's name now, or null (gone, not a row, or not an id at all: a refused call's path). */
export async function targetName(db: Executor, type: AuditTargetType, id: string): Promise<string | null> {
  const lookup = TARGET_NAMES[type];
  if (!lookup || !z.uuid().safeParse(id).success) return null;
  const [row] = await lookup(db, id);
  return row?.name ?? null;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  outcome?: AuditOutcome;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** The audit log screen's filter: its list and its CSV export. */
export function auditConditions(f: Omit<AuditFilter, 'limit' | 'offset'>): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.actor) {
    const name = `%${likeEscape(f.actor)}%`;
    where.push(z.uuid().safeParse(f.actor).success ? eq(auditLog.actor_id, f.actor) : or(ilike(users.name, name), ilike(auditLog.actor_name, name)));
  }
  if (f.action) {
    const text = `%${likeEscape(f.action)}%`;
    where.push(or(ilike(auditLog.action, text), ilike(auditLog.summary, text), ilike(auditLog.target_name, text)));
  }
  if (f.outcome) where.push(eq(auditLog.outcome, f.outcome));
  if (f.from) where.push(gte(auditLog.created_at, new Date(f.from)));
  if (f.to) where.push(lte(auditLog.created_at, new Date(f.to)));
  return and(...where);
}

/** Entries newest first, with the actor's current name (for entries written before names were kept). */
export async function listAuditEntries(db: Executor, f: AuditFilter) {
  const where = auditConditions(f);
  const rows = await db
    .select({ entry: auditLog, current_actor_name: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_id))
    .where(where)
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(f.limit)
    .offset(f.offset);
  const [{ n }] = (await db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actor_id)).where(where)) as [{ n: number }];
  return { total: n, rows };
}

/**
 * The last successful audited act on a thing: who (by the name kept in the entry) and when. It
 * tells an officer whose save was refused as stale who saved the record in between (decision 054).
 */
export async function lastChangeOf(db: Executor, type: AuditTargetType, id: string) {
  const [row] = await db
    .select({ actor_id: auditLog.actor_id, actor_name: auditLog.actor_name, at: auditLog.created_at })
    .from(auditLog)
    .where(and(eq(auditLog.target_type, type), eq(auditLog.target_id, id), eq(auditLog.outcome, 'ok')))
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(1);
  return row ?? null;
}
