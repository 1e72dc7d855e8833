import { BULK_AUDIT_NAMES } from '@aesa/shared/exports';
import type { MemberRoleBulkInput } from '@aesa/shared/schemas/exports';
import type { Db } from '../../db/client.ts';
import type { AuditSubject } from '../audit/audit.service.ts';
import { fail } from '../../lib/app-error.ts';
import * as q from './member-roles-bulk.queries.ts';

/**
 * Sets verified_by_admin and/or is_current on many member roles at once: those named by id, or all
 * that the Member Roles screen's filter finds. Runs in the request's transaction (an admin write),
 * so an unknown id refuses the whole action and nothing changes. Answers how many roles were named
 * and how many changed, and what the audit entry says: how many, and who (the first names).
 */
export async function applyBulk(db: Db, body: MemberRoleBulkInput, now: Date) {
  const target: q.BulkTarget = body.ids ? { ids: [...new Set(body.ids)] } : { filter: body.filter ?? {} };
  const matched = await q.countTarget(db, target);
  if ('ids' in target && matched < target.ids.length) throw fail('MEMBER_ROLES_BULK_UNKNOWN_IDS', target.ids.length - matched);
  const changed = await q.setRoles(db, target, body.set, now);
  return { matched, changed: changed.length, audit: auditSubjectOf(changed) };
}

function auditSubjectOf(changed: { id: string; name: string; matric_number: string }[]): AuditSubject {
  const named = changed.slice(0, BULK_AUDIT_NAMES);
  const more = changed.length - named.length;
  const names = named.map((r) => r.name).join(', ');
  const noun = `${changed.length} member role${changed.length === 1 ? '' : 's'}`;
  return {
    name: changed.length === 0 ? 'no member roles (all already had these values)' : `${noun}: ${names}${more > 0 ? ` and ${more} more` : ''}`.slice(0, 1000),
    details: {
      changed_count: changed.length,
      members: named.map((r) => `${r.name} (${r.matric_number})`),
      ...(more > 0 ? { members_not_listed: more } : {}),
    },
  };
}
