import { isSessionYear } from '../finance.ts';
import * as z from 'zod';
import { versionField, versionSchema } from './edit-version.ts';
import { ADMIN_FLAGS, LEVELS, LIMITS, POSITIONS, ROLE_TYPES, type AdminFlag } from '../constants.ts';
import {
  ADMIN_MODULES,
  ADMIN_MSG,
  AUDIT_OUTCOMES,
  BATCH_DEFAULTS,
  BATCH_MAX_ITEMS,
  BULK_BODY_MAX,
  COMMUNICATION_GROUPS,
  PICKER_MAX,
  SUPER_RECIPIENT_GROUPS,
  type AdminModuleName,
} from '../admin.ts';
import { EMAIL_PATTERN } from '../auth.ts';
import { PROFILE_MSG } from '../profile.ts';
import { memberRoleSchema } from './elections.ts';
import { enrollmentYearField } from './profile.ts';
import { failureSchema, idSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';
import { coded } from './coded.ts';

// The requests and answers of the administration area: who am I, roles and admin users, bulk
// e-mail, member roles in batch, executives, the user picker and the audit log. The admin
// screens validate with these very schemas (or ones derived from them), so a rule a form shows
// is the rule the route enforces.
// ---------------------------------------------------------------------------------------------
// Requests

const uuidField = (message: string) => z.uuid({ error: message });
const boolField = z.boolean({ error: 'Must be true or false' });

/** limit/offset of a list query (query-string text coerced to numbers). */
export const pageQuery = (defaultLimit = 50, maxLimit = 200) => ({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(maxLimit).default(defaultLimit),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(1_000_000).default(0),
});

// Admin roles (super admin only)

const flagFields = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, boolField.optional()])) as Record<AdminFlag, z.ZodOptional<typeof boolField>>;

const roleName = z
  .string({ error: ADMIN_MSG.roleNameRequired })
  .trim()
  .min(1, { error: ADMIN_MSG.roleNameRequired })
  .max(80, { error: ADMIN_MSG.roleNameTooLong });
const roleDescription = z.string().trim().max(500, { error: 'Description must be at most 500 characters' }).nullable().optional();

/** POST /api/admin/roles. Flags left out are false. */
export const adminRoleCreateSchema = z.object({ role_name: roleName, description: roleDescription, ...flagFields });
/** PATCH /api/admin/roles/{id}: any subset of the create fields. */
export const adminRoleUpdateSchema = z.object({ role_name: roleName.optional(), description: roleDescription, ...flagFields, ...versionField });
export type AdminRoleCreateInput = z.infer<typeof adminRoleCreateSchema>;
export type AdminRoleUpdateInput = z.infer<typeof adminRoleUpdateSchema>;

// Admin users (super admin only). Each admin user holds exactly one role.

export const adminUserCreateSchema = z.object({
  user_id: uuidField(ADMIN_MSG.userRequired),
  admin_role_id: uuidField(ADMIN_MSG.roleRequired),
});
export const adminUserUpdateSchema = z.object({ admin_role_id: uuidField(ADMIN_MSG.roleRequired), ...versionField });
export type AdminUserCreateInput = z.infer<typeof adminUserCreateSchema>;

// Bulk e-mail (the recipient groups and the one rule are described in admin.ts)

export const bulkSubjectField = z
  .string({ error: ADMIN_MSG.subjectRequired })
  .trim()
  .min(1, { error: ADMIN_MSG.subjectRequired })
  .min(LIMITS.bulkSubjectMin, { error: ADMIN_MSG.subjectLength })
  .max(LIMITS.bulkSubjectMax, { error: ADMIN_MSG.subjectLength });
export const bulkBodyField = z
  .string({ error: ADMIN_MSG.bodyRequired })
  .trim()
  .min(1, { error: ADMIN_MSG.bodyRequired })
  .min(LIMITS.bulkBodyMin, { error: ADMIN_MSG.bodyTooShort })
  .max(BULK_BODY_MAX, { error: ADMIN_MSG.bodyTooLong });
/** True: only count the recipients, queue nothing (the screens ask "Send this e-mail to N members?" first). */
const dryRun = z.boolean().optional();

/**
 * POST /api/admin/send-bulk-email (super admin screen). recipient_roles holds group names
 * (member, student, alumni, all) and/or e-mail addresses of registered members. An address
 * that is not a registered member's refuses the whole send with 400 (nothing is queued): the
 * portal does not mail strangers, and a typo is better shown than silently dropped.
 */
export const superBulkEmailSchema = z.object({
  subject: bulkSubjectField,
  body: bulkBodyField,
  dry_run: dryRun,
  recipient_roles: z
    .array(z.string().trim().toLowerCase().max(LIMITS.emailMax), { error: ADMIN_MSG.selectRecipientRoleOrUsers })
    .max(5000)
    .transform((list) => [...new Set(list.filter((s) => s.length > 0))])
    .refine((list) => list.length > 0, { error: ADMIN_MSG.selectRecipientRoleOrUsers })
    .superRefine((list, ctx) => {
      const bad = list.find((s) => !(SUPER_RECIPIENT_GROUPS as readonly string[]).includes(s) && !EMAIL_PATTERN.test(s));
      if (bad) ctx.addIssue({ code: 'custom', message: ADMIN_MSG.unknownGroup(bad) });
    }),
});
export type SuperBulkEmailInput = z.infer<typeof superBulkEmailSchema>;

/** POST /api/admin/communications/send (communications screen, email admin). */
export const communicationsSendSchema = z
  .object({
    subject: bulkSubjectField,
    body: bulkBodyField,
    dry_run: dryRun,
    recipient_groups: z.array(z.enum(COMMUNICATION_GROUPS, { error: 'Unknown recipient group' })).max(10).optional(),
    recipient_user_ids: z.array(z.uuid({ error: 'Invalid member id' })).max(5000).optional(),
    /** Also to every visitor who confirmed a newsletter subscription (as kind 'newsletter'). */
    include_newsletter: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.recipient_groups?.length ?? 0) > 0 || (v.recipient_user_ids?.length ?? 0) > 0) return;
    // The screen has two modes: by role, or specific members; answer with that mode's alert.
    ctx.addIssue({ code: 'custom', message: v.recipient_user_ids ? ADMIN_MSG.selectMember : ADMIN_MSG.selectRecipientRole, path: ['recipients'] });
  });
export type CommunicationsSendInput = z.infer<typeof communicationsSendSchema>;

/** GET /api/admin/communications/members?search=&level=&limit=&offset= */
export const communicationsMembersQuery = z.object({
  search: z.string().trim().max(100, { error: ADMIN_MSG.searchTooLong }).optional(),
  level: z.string().trim().max(40).optional(),
  ...pageQuery(100, 500),
});

/** GET /api/admin/bulk-emails?limit=&offset= */
export const bulkEmailsQuery = z.object(pageQuery(50, 200));

// Years: one format, the academic session, for an executive's year and a member role's year range (decision 079).

/** An academic session, two consecutive years ("2026-2027"). */
export const yearField = z
  .string({ error: ADMIN_MSG.yearInvalid })
  .transform((v) => String(v).trim())
  .refine(isSessionYear, { error: ADMIN_MSG.yearInvalid });

// Member roles batch (data admin)

/** One item of POST /api/admin/member-roles/batch; each item is validated on its own. */
export const memberRoleBatchItemSchema = z.object({
  user_id: uuidField(ADMIN_MSG.userRequired),
  role_name: z.string({ error: ADMIN_MSG.roleNameMissing }).trim().min(1, { error: ADMIN_MSG.roleNameMissing }).max(80, { error: 'Role name must be at most 80 characters' }),
  role_type: z.enum(ROLE_TYPES, { error: `Role type must be one of ${ROLE_TYPES.join(', ')}` }).default(BATCH_DEFAULTS.role_type),
  // Left out or empty: the default session; otherwise the one year format.
  associated_year_range: z
    .union([z.string(), z.null()], { error: ADMIN_MSG.yearInvalid })
    .optional()
    .transform((v) => (v == null ? '' : String(v).trim()) || BATCH_DEFAULTS.associated_year_range)
    .refine(isSessionYear, { error: ADMIN_MSG.yearInvalid }),
  associated_position: z.string().trim().max(80).nullable().optional().transform((v) => (v == null || v === '' ? BATCH_DEFAULTS.associated_position : v)),
  is_current: boolField.default(BATCH_DEFAULTS.is_current),
  verified_by_admin: boolField.default(BATCH_DEFAULTS.verified_by_admin),
});
export type MemberRoleBatchItem = z.infer<typeof memberRoleBatchItemSchema>;

/** The Batch Update form: one item as the route checks it, saying what to do when no member is chosen. */
export const memberRoleBatchFormSchema = memberRoleBatchItemSchema.extend({ user_id: uuidField(ADMIN_MSG.noUserSelected) });

/** The envelope only; items are checked one by one so one bad item does not sink the batch. */
export const memberRoleBatchSchema = z.object({
  items: z
    .array(z.unknown(), { error: ADMIN_MSG.batchEmpty })
    .min(1, { error: ADMIN_MSG.batchEmpty })
    .max(BATCH_MAX_ITEMS, { error: ADMIN_MSG.batchTooLarge }),
});

// Executives (data admin)

/**
 * POST /api/admin/executives. year defaults to the current session (default_year of the list); is_current
 * defaults to true. Assigning an office that someone else currently holds ends that holder's
 * term (end_date = now, is_current = false) in the same transaction: the handover is the
 * usual reason to assign. The answer names the replaced holder.
 */
export const executiveCreateSchema = z.object({
  user_id: uuidField(ADMIN_MSG.userRequired),
  position: z.enum(POSITIONS, { error: ADMIN_MSG.positionInvalid }),
  year: yearField.optional(),
  is_current: boolField.default(true),
});
/** PATCH /api/admin/executives/{id}: "remove" is {end_date: now}. An end date not after now also sets is_current false. */
export const executiveUpdateSchema = z
  .object({
    year: yearField.optional(),
    end_date: z.iso.datetime({ offset: true, error: ADMIN_MSG.endDateInvalid }).optional(),
    ...versionField,
  })
  .refine((v) => v.year !== undefined || v.end_date !== undefined, coded('ADMIN_NOTHING_TO_UPDATE'));
/** The Edit Year form of an executive office: the year as both executive routes take it. */
export const executiveYearFormSchema = z.object({ year: yearField });

export type ExecutiveCreateInput = z.input<typeof executiveCreateSchema>;
export type ExecutiveUpdateInput = z.input<typeof executiveUpdateSchema>;

// User picker (any admin)

export const pickerQuery = z.object({
  search: z.string().trim().max(100, { error: ADMIN_MSG.searchTooLong }).optional(),
  level: z.string().trim().max(40).optional(),
  skill: z.string().trim().max(60).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(PICKER_MAX).default(PICKER_MAX),
});

// Audit log (super admin)

const auditFilterFields = {
  /** An actor's user id, or text matched against the actor's name (case-insensitive). */
  actor: z.string().trim().max(120).optional(),
  /** Text matched against "METHOD /route" (case-insensitive), e.g. "DELETE" or "/api/admin/roles". */
  action: z.string().trim().max(200).optional(),
  outcome: z.enum(AUDIT_OUTCOMES, { error: 'outcome must be ok, denied or failed' }).optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }).optional(),
};

/** The one date rule of the audit filters: a range may be open at either end, never reversed. */
const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
const rangeReversed = { error: ADMIN_MSG.auditRangeReversed, path: ['to'] };

/** The audit log's filters: the screen's form, the list and the CSV export check the same rule. */
export const auditFilterSchema = z.object(auditFilterFields).refine(rangeInOrder, rangeReversed);

export const auditLogQuery = z.object({ ...auditFilterFields, ...pageQuery(50, 200) }).refine(rangeInOrder, rangeReversed);

// ---------------------------------------------------------------------------------------------
// Answers

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
  version: versionSchema,
});
export const adminRolesResponse = okSchema({ roles: z.array(adminRoleSchema) });
export const adminRoleResponse = okSchema({ role: adminRoleSchema });

export const adminUserItemSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  admin_role_id: idSchema,
  created_at: timestampSchema,
  version: versionSchema,
  users: z.object({ name: z.string(), email: z.string(), matric_number: z.string() }),
  admin_roles: adminRoleSchema.omit({ admin_users_count: true }),
  /** Whether the admin has two-factor authentication on (a super admin can reset it). */
  mfa_enabled: z.boolean(),
});
export const adminUsersResponse = okSchema({ admins: z.array(adminUserItemSchema) });
export const adminUserResponse = okSchema({ admin: adminUserItemSchema });

/** Both sends: the mail is queued (the worker delivers it), or for a dry run only counted (no id). */
export const bulkEmailSendResponse = okSchema({
  /** Every message queued (or, for a dry run, that would be): members and newsletter subscribers. */
  recipients_count: z.number().int(),
  bulk_email_id: idSchema.nullable(),
  /** Newsletter subscribers among them (only when the send includes them). */
  subscribers_count: z.number().int(),
  /** Members the send names who turned announcements off: left out. */
  turned_off_count: z.number().int(),
});
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
    // Each failed item with its reason's code (and the arguments of its message), as a refusal carries them.
    failed: z.array(z.object({ item: z.unknown(), error: z.string(), code: failureSchema.shape.code, params: failureSchema.shape.params })),
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
  version: versionSchema,
  /** Current and not ended: the office counts as held. */
  held: z.boolean(),
  users: z.object({ name: z.string(), matric_number: z.string(), email: z.string() }),
});
export const executivesAdminResponse = okSchema({
  executives: z.array(executiveAdminItemSchema),
  /** The session a new executive is proposed for: Finance's current session, else the one today falls in. */
  default_year: z.string(),
});
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
  enrollment_year: z.number().int().nullable(),
  /** The member details' version (level and enrolment year), which a correction sends back (decision 054). */
  version: versionSchema,
  user_skills: z.array(z.object({ skill_name: z.string() })),
  profile_image_url: z.string().nullable(),
});
export const pickerResponse = okSchema({ users: z.array(pickerUserSchema) });

/**
 * PATCH /admin/members/{id}: a data admin corrects a member's level and enrolment year (the
 * member's own rules; null clears one). Only these two fields; anything else is dropped.
 */
export const memberDetailsUpdateSchema = z.object({
  current_level: z.enum(LEVELS, { error: PROFILE_MSG.levelInvalid }).nullable().optional(),
  enrollment_year: enrollmentYearField.nullable().optional(),
  ...versionField,
});
export const memberDetailsSchema = z.object({
  id: idSchema,
  name: z.string(),
  matric_number: z.string(),
  current_level: z.string().nullable(),
  enrollment_year: z.number().int().nullable(),
  version: versionSchema,
});
export const memberDetailsResponse = okSchema({ message: z.string(), member: memberDetailsSchema });

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
export type ExecutiveResponse = WireOf<typeof executiveResponse>;
export type ExecutiveCreateResponse = WireOf<typeof executiveCreateResponse>;
export type PickerUser = WireOf<typeof pickerUserSchema>;
export type PickerResponse = WireOf<typeof pickerResponse>;
export type MemberDetailsUpdate = z.infer<typeof memberDetailsUpdateSchema>;
export type MemberDetails = WireOf<typeof memberDetailsSchema>;
export type MemberDetailsResponse = WireOf<typeof memberDetailsResponse>;
export type { AuditEntry, AuditLogResponse } from './audit.ts';
export type AuditFilterInput = z.output<typeof auditFilterSchema>;
