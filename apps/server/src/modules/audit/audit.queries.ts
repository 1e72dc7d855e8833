import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { AuditOutcome } from '@aesa/shared/admin';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { likeEscape } from '../user-picker/user-filters.queries.ts';

export interface AuditFilter {
  actor?: string;
  action?: string;
  outcome?: AuditOutcome;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

function conditions(f: AuditFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.actor) {
    where.push(z.uuid().safeParse(f.actor).success ? eq(auditLog.actor_id, f.actor) : ilike(users.name, `%${likeEscape(f.actor)}%`));
  }
  if (f.action) where.push(ilike(auditLog.action, `%${likeEscape(f.action)}%`));
  if (f.outcome) where.push(eq(auditLog.outcome, f.outcome));
  if (f.from) where.push(gte(auditLog.created_at, new Date(f.from)));
  if (f.to) where.push(lte(auditLog.created_at, new Date(f.to)));
  return and(...where);
}

/** Entries newest first, with the actor's name (null once the account is gone). */
export async function listAuditEntries(db: Db, f: AuditFilter) {
  const where = conditions(f);
  const rows = await db
    .select({
      id: auditLog.id,
      actor_id: auditLog.actor_id,
      actor_name: users.name,
      action: auditLog.action,
      method: auditLog.method,
      route: auditLog.route,
      target_id: auditLog.target_id,
      outcome: auditLog.outcome,
      status_code: auditLog.status_code,
      details: auditLog.details,
      ip: auditLog.ip,
      created_at: auditLog.created_at,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_id))
    .where(where)
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(f.limit)
    .offset(f.offset);
  const [{ n }] = (await db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actor_id)).where(where)) as [{ n: number }];
  return {
    total: n,
    entries: rows.map(({ actor_id, actor_name, ...e }) => ({ ...e, actor: actor_id ? { id: actor_id, name: actor_name ?? '' } : null })),
  };
}

