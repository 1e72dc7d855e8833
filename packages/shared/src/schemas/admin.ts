import { z } from 'zod';
import { ADMIN_FLAGS, type AdminFlag } from '../constants.ts';
import { ADMIN_MODULES, type AdminModuleName } from '../admin.ts';
import { memberRoleSchema } from './elections.ts';
import { idSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';

// The answers of the administration area: who am I, roles and admin users, bulk e-mail, member
// roles in batch, executives, the user picker and the audit log.

const flagsSchema = z.object(Object.fromEntries(ADMIN_FLAGS.map((f) => [f, z.boolean()])) as Record<AdminFlag, z.ZodBoolean>);
const modulesSchema = z.object(Object.fromEntries(ADMIN_MODULES.map((m) => [m, z.boolean()])) as Record<AdminModuleName, z.ZodBoolean>);

export const adminMeResponse = okSchema({
  /** True when the member holds an admin role. */
  is_admin: z.boolean(),
  role_name: z.string().nullable(),
  /** The role's six flags as stored; all false for a non-admin. */
  flags: flagsSchema,
  /** What the dashboard cards use: true when the module is usable (its flag, or super admin). */
  modules: modulesSchema,
  /** Admins must have a second factor and this admin has not set it up: admin calls answer 403 until then. */
  mfa_setup_required: z.boolean().optional(),
});

export const adminRoleSchema = flagsSchema.extend({
  id: idSchema,
  role_name: z.string(),
  description: z.string().nullable(),
  created_at: timestampSchema,
  /** How many admin users hold this role (a held role cannot be deleted). */
  admin_users_count: z.number().int(),
});
export const adminRolesResponse = okSchema({ roles: z.array(adminRoleSchema) });
export const adminRoleResponse = okSchema({ role: adminRoleSchema });

export const adminUserItemSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  admin_role_id: idSchema,
  created_at: timestampSchema,
  users: z.object({ name: z.string(), email: z.string(), matric_number: z.string() }),
  admin_roles: adminRoleSchema.omit({ admin_users_count: true }),
});
export const adminUsersResponse = okSchema({ admins: z.array(adminUserItemSchema) });
export const adminUserResponse = okSchema({ admin: adminUserItemSchema });

/** Both sends: the mail is queued (the worker delivers it), or for a dry run only counted (no id). */
export const bulkEmailSendResponse = okSchema({ recipients_count: z.number().int(), bulk_email_id: idSchema.nullable() });
export const communicationsMemberSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  current_level: z.string().nullable(),
  aesa_role: z.string().nullable(),
  enrollment_year: z.number().int().nullable(),
  profile_image_url: z.string().nullable(),
});
export const communicationsMembersResponse = okSchema({ members: z.array(communicationsMemberSchema), total: z.number().int() });
const count = z.number().int();
export const bulkEmailListItemSchema = z.object({
  id: idSchema,
  subject: z.string(),
  recipient_roles: z.array(z.string()),
  recipients_count: count,
  created_at: timestampSchema,
  sender: z.object({ id: idSchema, name: z.string() }).nullable(),
  /** Outbox rows of this send by state ('kept' = no SMTP server configured, visible on /dev/mail). */
  delivery: z.object({ pending: count, sending: count, sent: count, failed: count, kept: count }),
});
export const bulkEmailsResponse = okSchema({ bulk_emails: z.array(bulkEmailListItemSchema), total: count });

/** A member role as the batch writes it (the list's member role without the member's name). */
export const memberRoleRowSchema = memberRoleSchema.omit({ created_at: true, users: true });
export const memberRoleBatchResponse = okSchema({
  results: z.object({
    updated: z.array(memberRoleRowSchema),
    inserted: z.array(memberRoleRowSchema),
    failed: z.array(z.object({ item: z.unknown(), error: z.string() })),
  }),
});

export const executiveAdminItemSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  position: z.string(),
  year: z.string().nullable(),
  is_current: z.boolean(),
  end_date: timestampSchema.nullable(),
  created_at: timestampSchema,
  /** Current and not ended: the office counts as held. */
  held: z.boolean(),
  users: z.object({ name: z.string(), matric_number: z.string(), email: z.string() }),
});
export const executivesAdminResponse = okSchema({ executives: z.array(executiveAdminItemSchema) });
export const executiveResponse = okSchema({ executive: executiveAdminItemSchema });
export const executiveCreateResponse = okSchema({
  executive: executiveAdminItemSchema,
  /** The holder whose term was ended by this assignment, if any. */
  replaced: z.object({ id: idSchema, user_id: idSchema, name: z.string() }).nullable(),
});

export const pickerUserSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Only for admins who send mail or manage members (super, communications, data). */
  email: z.string().optional(),
  matric_number: z.string(),
  current_level: z.string().nullable(),
  user_skills: z.array(z.object({ skill_name: z.string() })),
  profile_image_url: z.string().nullable(),
});
export const pickerResponse = okSchema({ users: z.array(pickerUserSchema) });

// The audit log's schemas live in schemas/audit.ts.
export { auditEntrySchema, auditLogResponse } from './audit.ts';

export const adminImageResponse = okSchema({ url: z.string() });
export const adminDeletedResponse = okSchema({});

export type AdminMeResponse = WireOf<typeof adminMeResponse>;
export type AdminRole = WireOf<typeof adminRoleSchema>;
export type AdminRolesResponse = WireOf<typeof adminRolesResponse>;
export type AdminRoleResponse = WireOf<typeof adminRoleResponse>;
export type AdminUserItem = WireOf<typeof adminUserItemSchema>;
export type AdminUsersResponse = WireOf<typeof adminUsersResponse>;
export type AdminUserResponse = WireOf<typeof adminUserResponse>;
export type BulkEmailSendResponse = WireOf<typeof bulkEmailSendResponse>;
export type CommunicationsMember = WireOf<typeof communicationsMemberSchema>;
export type CommunicationsMembersResponse = WireOf<typeof communicationsMembersResponse>;
export type BulkEmailListItem = WireOf<typeof bulkEmailListItemSchema>;
export type BulkEmailsResponse = WireOf<typeof bulkEmailsResponse>;
export type MemberRoleRow = WireOf<typeof memberRoleRowSchema>;
export type MemberRoleBatchResponse = WireOf<typeof memberRoleBatchResponse>;
export type ExecutiveAdminItem = WireOf<typeof executiveAdminItemSchema>;
export type ExecutivesAdminResponse = WireOf<typeof executivesAdminResponse>;
export type ExecutiveCreateResponse = WireOf<typeof executiveCreateResponse>;
export type PickerUser = WireOf<typeof pickerUserSchema>;
export type PickerResponse = WireOf<typeof pickerResponse>;
export type { AuditEntry, AuditLogResponse } from './audit.ts';
