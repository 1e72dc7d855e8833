import * as z from 'zod';
import { BULK_MAX_IDS, EXPORT_MSG } from '../exports.ts';
import { auditFilterSchema, pickerQuery } from './admin.ts';
import { memberRoleListQuery } from './elections.ts';
import { idSchema, okSchema, type WireOf } from './envelope.ts';
import { coded } from './coded.ts';

// Bulk actions on member roles and the CSV exports of the admin screens. Each export takes the
// filters of its screen's list as query parameters, with the same schema (paging left out).

/** The Member Roles screen's filter: the list's own query without paging. Unknown keys are refused, so a mistyped filter never widens to every role. */
export const memberRoleFilterSchema = memberRoleListQuery.pick({ search: true, verified: true }).strict();

/**
 * POST /api/admin/member-roles/bulk: the roles named by id, or every role the filter finds
 * (exactly one of the two), get the values in `set`.
 */
export const memberRoleBulkSchema = z
  .object({
    ids: z.array(idSchema).min(1, coded('MEMBER_ROLES_BULK_TARGET')).max(BULK_MAX_IDS, coded('MEMBER_ROLES_BULK_TOO_MANY_IDS')).optional(),
    filter: memberRoleFilterSchema.optional(),
    set: z.object({ verified_by_admin: z.boolean().optional(), is_current: z.boolean().optional() }).strict(),
  })
  .refine((b) => (b.ids === undefined) !== (b.filter === undefined), coded('MEMBER_ROLES_BULK_TARGET'))
  .refine((b) => b.set.verified_by_admin !== undefined || b.set.is_current !== undefined, { ...coded('MEMBER_ROLES_BULK_NOTHING_TO_SET'), path: ['set'] });

export const memberRoleBulkResponse = okSchema({
  /** Roles the ids or the filter named. */
  matched: z.number().int(),
  /** Of those, the ones whose values changed (the others already had them). */
  changed: z.number().int(),
});

export type MemberRoleFilter = z.infer<typeof memberRoleFilterSchema>;
export type MemberRoleBulkInput = z.infer<typeof memberRoleBulkSchema>;
export type MemberRoleBulkResponse = WireOf<typeof memberRoleBulkResponse>;

/** members.csv: the member picker's search and level. */
export const membersExportQuery = pickerQuery.pick({ search: true, level: true });
/** member-roles.csv: the Member Roles screen's filter. */
export const memberRolesExportQuery = memberRoleListQuery.pick({ search: true, verified: true });
/** executives.csv: every record, past ones included (the Executives screen has no filter). */
export const executivesExportQuery = z.object({});
export const PAYMENT_STATUSES = ['pending', 'approved', 'rejected', 'void'] as const;
/** payments.csv: one session's payments, optionally of one status. */
export const paymentsExportQuery = z.object({
  session: z.string(coded('EXPORT_SESSION_REQUIRED')).trim().regex(/^\d{4}-\d{4}$/, coded('EXPORT_SESSION_REQUIRED')),
  status: z.enum(PAYMENT_STATUSES, { error: 'status must be pending, approved, rejected or void' }).optional(),
});
/** audit-log.csv: the audit log screen's filters. */
export const auditLogExportQuery = auditFilterSchema;
/** bulk-email-recipients.csv: the recipients of one bulk e-mail. */
export const bulkEmailRecipientsExportQuery = z.object({ bulk_email: z.uuid({ error: EXPORT_MSG.bulkEmailNotFound }) });

/** What an export answers: the CSV file itself (UTF-8 with a byte-order mark). */
export const csvFileResponse = z.string().describe('The CSV file: UTF-8 with a byte-order mark, a header row, cells that a spreadsheet would read as a formula prefixed with an apostrophe.');

export type MembersExportQuery = z.infer<typeof membersExportQuery>;
export type MemberRolesExportQuery = z.infer<typeof memberRolesExportQuery>;
export type PaymentsExportQuery = z.infer<typeof paymentsExportQuery>;
export type AuditLogExportQuery = z.infer<typeof auditLogExportQuery>;
