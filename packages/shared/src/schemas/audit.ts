import * as z from 'zod';
import { AUDIT_OUTCOMES } from '../admin.ts';
import { idSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';

// The audit log (GET /api/admin/audit-log, super admins). Each entry says who did what to which
// named thing, with the fields it set; the raw route, status and body stay for the record.

export const auditChangeSchema = z.object({
  field: z.string(),
  /** The new value, shortened (long text cut, long lists counted). Never a secret. */
  value: z.unknown(),
  /** The value before the change, for a change of a versioned record (decision 055); absent otherwise. */
  before: z.unknown().optional(),
});

export const auditTargetSchema = z.object({
  /** What was acted on: "election", "candidate", "role", "member" and so on; null for an old entry of an unknown route. */
  type: z.string().nullable(),
  id: z.string().nullable(),
  /** Its name when the entry was written (kept after a rename or deletion); null when unknown. */
  name: z.string().nullable(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /**
   * The actor's name as it was when the entry was written; the id is null once the account is
   * deleted. Null when nobody was signed in (the first administrator's setup link).
   */
  actor: z.object({ id: idSchema.nullable(), name: z.string() }).nullable(),
  /** "METHOD /route", as declared. */
  action: z.string(),
  /** The act in words: "updated election", "tried to remove candidate". */
  summary: z.string(),
  method: z.string(),
  route: z.string(),
  target_id: z.string().nullable(),
  target: auditTargetSchema.nullable(),
  changes: z.array(auditChangeSchema),
  outcome: z.enum(AUDIT_OUTCOMES),
  status_code: z.number().int(),
  details: z.unknown(),
  ip: z.string().nullable(),
  created_at: timestampSchema,
});
export const auditLogResponse = okSchema({ entries: z.array(auditEntrySchema), total: z.number().int() });

export type AuditChange = WireOf<typeof auditChangeSchema>;
export type AuditEntry = WireOf<typeof auditEntrySchema>;
export type AuditLogResponse = WireOf<typeof auditLogResponse>;
