// Administration area (spec 02): request schemas, response types and texts shared by the
// server and the admin screens. Editorial and events have their own files (editorial.ts, events.ts).
import { z } from 'zod';
import { ADMIN_FLAGS, LIMITS, POSITIONS, ROLE_TYPES, type AdminFlag } from './constants.ts';
import { EMAIL_PATTERN } from './auth.ts';

// ---------------------------------------------------------------------------------------------
// Modules and texts

/** The six admin modules; a route needs its module's flag, and super admin passes every one. */
export const ADMIN_MODULES = ['editorial', 'electoral', 'event', 'email', 'data', 'super'] as const;
export type AdminModuleName = (typeof ADMIN_MODULES)[number];
export const MODULE_FLAG: Record<AdminModuleName, AdminFlag> = {
  editorial: 'is_editorial_admin',
  electoral: 'is_electoral_admin',
  event: 'is_event_admin',
  email: 'is_email_admin',
  data: 'is_data_admin',
  super: 'is_super_admin',
};

export const ADMIN_MSG = {
  accessDenied: "You don't have admin permissions to access this dashboard.",
  notAnAdmin: 'You need an admin role to do this.',
  moduleDenied: (module: AdminModuleName) => `You need the ${module} admin permission to do this.`,
  lastSuperAdmin: 'The last super admin cannot be removed or demoted.',
  roleNameRequired: 'Role name is required',
  roleNameTooLong: 'Role name must be at most 80 characters',
  roleNameTaken: 'An admin role with this name already exists',
  roleNotFound: 'Admin role not found',
  roleInUse: (n: number) => `This role is still held by ${n} admin user${n === 1 ? '' : 's'}. Give them another role or remove them first.`,
  userRequired: 'Please select a user.',
  roleRequired: 'Please select a role.',
  userNotFound: 'User not found',
  unknownRole: 'The selected admin role does not exist.',
  alreadyAdmin: 'This user is already an admin. Change their role instead.',
  adminUserNotFound: 'Admin user not found',
  nothingToUpdate: 'Nothing to update',

  // Bulk e-mail (spec 02 §5, §9)
  subjectRequired: 'Subject is required',
  bodyRequired: 'Message is required',
  subjectLength: `Subject must be ${LIMITS.bulkSubjectMin} to ${LIMITS.bulkSubjectMax} characters`,
  bodyTooShort: `Message must be at least ${LIMITS.bulkBodyMin} characters`,
  bodyTooLong: 'Message must be at most 20000 characters',
  selectRecipientRoleOrUsers: 'Please select at least one recipient role or specific users',
  selectRecipientRole: 'Please select at least one recipient role',
  /** Asked before a bulk e-mail is queued, with the exact count of distinct recipients. */
  confirmSend: (n: number) => `Send this e-mail to ${n.toLocaleString('en-GB')} ${n === 1 ? 'member' : 'members'}?`,
  auditRangeReversed: 'The From date must not be after the To date.',
  selectMember: 'Please select at least one member',
  unknownGroup: (g: string) => `Unknown recipient group: ${g}`,
  unregisteredAddresses: (list: string[]) => `These addresses are not registered members: ${list.join(', ')}`,
  unknownMembers: 'Some selected members were not found. Please reload the list and try again.',
  noRecipients: 'No member matches the chosen recipients.',

  // Data (spec 02 §5, §9)
  batchEmpty: 'Please add at least one role to update',
  batchTooLarge: 'At most 200 roles can be updated at once',
  roleNameMissing: 'Role name is required',
  executiveAlreadyAssigned: (name: string, position: string) =>
    `${name} is already assigned to ${position}. Please remove them from that position first or assign a different user.`,
  executiveSameOffice: (name: string, position: string) => `${name} already holds the ${position} office.`,
  executiveNotFound: 'Executive record not found',
  positionInvalid: 'Please choose one of the executive positions',
  yearInvalid: 'Year must look like 2025 or 2024-2025',
  endDateInvalid: 'End date must be a valid date and time',

  // Picker and uploads
  searchTooLong: 'Search text is too long',
} as const;

// ---------------------------------------------------------------------------------------------
// Shared field helpers

const uuidField = (message: string) => z.uuid({ error: message });
const boolField = z.boolean({ error: 'Must be true or false' });

/** limit/offset of a list query (query-string text coerced to numbers). */
export const pageQuery = (defaultLimit = 50, maxLimit = 200) => ({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(maxLimit).default(defaultLimit),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(1_000_000).default(0),
});

// ---------------------------------------------------------------------------------------------
// GET /api/admin/me (any signed-in member)

export type AdminFlags = Record<AdminFlag, boolean>;


// ---------------------------------------------------------------------------------------------
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
export const adminRoleUpdateSchema = z.object({ role_name: roleName.optional(), description: roleDescription, ...flagFields });
export type AdminRoleCreateInput = z.infer<typeof adminRoleCreateSchema>;
export type AdminRoleUpdateInput = z.infer<typeof adminRoleUpdateSchema>;


// ---------------------------------------------------------------------------------------------
// Admin users (super admin only). Each admin user holds exactly one role.

export const adminUserCreateSchema = z.object({
  user_id: uuidField(ADMIN_MSG.userRequired),
  admin_role_id: uuidField(ADMIN_MSG.roleRequired),
});
export const adminUserUpdateSchema = z.object({ admin_role_id: uuidField(ADMIN_MSG.roleRequired) });


// ---------------------------------------------------------------------------------------------
// Bulk e-mail
//
// Recipient groups (decided here; spec 02 §9 names them without saying who is in them):
//   student  users whose user_type is 'student'
//   member   users whose user_type is 'member' or 'executive' (an executive is a member holding an office)
//   alumni   users whose user_type is 'alumni'
//   admin    users who hold an admin role (admin_users)
//   all      every user
// Only accounts with a confirmed e-mail address (the member has set a password from the e-mailed
// link) receive bulk mail: an unconfirmed address may not be the member's. Every address gets one
// message per send, however many groups it falls in.

export const SUPER_RECIPIENT_GROUPS = ['member', 'student', 'alumni', 'all'] as const;
export const COMMUNICATION_GROUPS = ['student', 'member', 'admin', 'all'] as const;
export const RECIPIENT_GROUPS = ['student', 'member', 'alumni', 'admin', 'all'] as const;
export type RecipientGroup = (typeof RECIPIENT_GROUPS)[number];
export const BULK_BODY_MAX = 20_000;

// One rule for every bulk e-mail, from either screen: a subject of 5 to 255 characters and a
// message of at least 20 (decision 020). Empty fields say they are required.
const bulkSubject = z
  .string({ error: ADMIN_MSG.subjectRequired })
  .trim()
  .min(1, { error: ADMIN_MSG.subjectRequired })
  .min(LIMITS.bulkSubjectMin, { error: ADMIN_MSG.subjectLength })
  .max(LIMITS.bulkSubjectMax, { error: ADMIN_MSG.subjectLength });
const bulkBody = z
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
  subject: bulkSubject,
  body: bulkBody,
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
    subject: bulkSubject,
    body: bulkBody,
    dry_run: dryRun,
    recipient_groups: z.array(z.enum(COMMUNICATION_GROUPS, { error: 'Unknown recipient group' })).max(10).optional(),
    recipient_user_ids: z.array(z.uuid({ error: 'Invalid member id' })).max(5000).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.recipient_groups?.length ?? 0) > 0 || (v.recipient_user_ids?.length ?? 0) > 0) return;
    // The screen has two modes: by role, or specific members; answer with that mode's alert.
    ctx.addIssue({ code: 'custom', message: v.recipient_user_ids ? ADMIN_MSG.selectMember : ADMIN_MSG.selectRecipientRole });
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

// ---------------------------------------------------------------------------------------------
// Member roles batch (data admin)

export const BATCH_DEFAULTS = {
  role_type: 'executive',
  associated_year_range: '2024-2025',
  associated_position: 'Leadership',
  is_current: true,
  verified_by_admin: true,
} as const;

/** One item of POST /api/admin/member-roles/batch; each item is validated on its own. */
export const memberRoleBatchItemSchema = z.object({
  user_id: uuidField(ADMIN_MSG.userRequired),
  role_name: z.string({ error: ADMIN_MSG.roleNameMissing }).trim().min(1, { error: ADMIN_MSG.roleNameMissing }).max(80, { error: 'Role name must be at most 80 characters' }),
  role_type: z.enum(ROLE_TYPES, { error: `Role type must be one of ${ROLE_TYPES.join(', ')}` }).default(BATCH_DEFAULTS.role_type),
  associated_year_range: z.string().trim().max(20).nullable().optional().transform((v) => (v == null || v === '' ? BATCH_DEFAULTS.associated_year_range : v)),
  associated_position: z.string().trim().max(80).nullable().optional().transform((v) => (v == null || v === '' ? BATCH_DEFAULTS.associated_position : v)),
  is_current: boolField.default(BATCH_DEFAULTS.is_current),
  verified_by_admin: boolField.default(BATCH_DEFAULTS.verified_by_admin),
});
export type MemberRoleBatchItem = z.infer<typeof memberRoleBatchItemSchema>;

/** The envelope only; items are checked one by one so one bad item does not sink the batch. */
export const memberRoleBatchSchema = z.object({
  items: z
    .array(z.unknown(), { error: ADMIN_MSG.batchEmpty })
    .min(1, { error: ADMIN_MSG.batchEmpty })
    .max(200, { error: ADMIN_MSG.batchTooLarge }),
});


// ---------------------------------------------------------------------------------------------
// Executives (data admin)

const yearField = z
  .union([z.string(), z.number()], { error: ADMIN_MSG.yearInvalid })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{4}([-/]\d{4})?$/.test(v), { error: ADMIN_MSG.yearInvalid });

/**
 * POST /api/admin/executives. year defaults to the current year (server clock); is_current
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
  })
  .refine((v) => v.year !== undefined || v.end_date !== undefined, { error: ADMIN_MSG.nothingToUpdate });


// ---------------------------------------------------------------------------------------------
// User picker (any admin)

export const PICKER_MAX = 50;
export const pickerQuery = z.object({
  search: z.string().trim().max(100, { error: ADMIN_MSG.searchTooLong }).optional(),
  level: z.string().trim().max(40).optional(),
  skill: z.string().trim().max(60).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(PICKER_MAX).default(PICKER_MAX),
});

// ---------------------------------------------------------------------------------------------
// Admin image upload: POST /api/admin/uploads/image (multipart: type + file)

/** Which module an upload type needs. */
export const ADMIN_UPLOAD_MODULE = { event: 'event', candidate: 'electoral', article: 'editorial' } as const satisfies Record<string, AdminModuleName>;
export type AdminUploadType = keyof typeof ADMIN_UPLOAD_MODULE;
export const ADMIN_UPLOAD_TYPES = Object.keys(ADMIN_UPLOAD_MODULE) as AdminUploadType[];

// ---------------------------------------------------------------------------------------------
// Audit log (super admin)

export const AUDIT_OUTCOMES = ['ok', 'denied', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
export const auditLogQuery = z.object({
  /** An actor's user id, or text matched against the actor's name (case-insensitive). */
  actor: z.string().trim().max(120).optional(),
  /** Text matched against "METHOD /route" (case-insensitive), e.g. "DELETE" or "/api/admin/roles". */
  action: z.string().trim().max(200).optional(),
  outcome: z.enum(AUDIT_OUTCOMES, { error: 'outcome must be ok, denied or failed' }).optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }).optional(),
  ...pageQuery(50, 200),
}).refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { error: ADMIN_MSG.auditRangeReversed, path: ['to'] });

// Response shapes: zod schemas in schemas/admin.ts; their wire types are re-exported here.
export type {
  AdminMeResponse,
  AdminRole,
  AdminRoleResponse,
  AdminRolesResponse,
  AdminUserItem,
  AdminUserResponse,
  AdminUsersResponse,
  AuditEntry,
  AuditLogResponse,
  BulkEmailListItem,
  BulkEmailSendResponse,
  BulkEmailsResponse,
  CommunicationsMember,
  CommunicationsMembersResponse,
  ExecutiveAdminItem,
  ExecutiveCreateResponse,
  ExecutivesAdminResponse,
  MemberRoleBatchResponse,
  MemberRoleRow,
  PickerResponse,
  PickerUser,
} from './schemas/admin.ts';
