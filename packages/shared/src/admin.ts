// Administration area: the rules, constants and texts shared by the server and the
// admin screens. Its zod schemas (requests and answers) are in schemas/admin.ts, so that this
// module holds no zod. Editorial and events have their own files (editorial.ts, events.ts).
import { LIMITS, type AdminFlag } from './constants.ts';

// ---------------------------------------------------------------------------------------------
// Modules and texts

/** The seven admin modules; a route needs its module's flag, and super admin passes every one. */
export const ADMIN_MODULES = ['editorial', 'electoral', 'event', 'email', 'data', 'finance', 'super'] as const;
export type AdminModuleName = (typeof ADMIN_MODULES)[number];
export const MODULE_FLAG: Record<AdminModuleName, AdminFlag> = {
  editorial: 'is_editorial_admin',
  electoral: 'is_electoral_admin',
  event: 'is_event_admin',
  email: 'is_email_admin',
  data: 'is_data_admin',
  finance: 'is_finance_admin',
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
  /** The batch form with no member chosen (the picker's own words). */
  noUserSelected: 'No user selected. Please select a user.',
  duplicateBatchItem: 'This member already has a role with this name in the list.',
  roleRequired: 'Please select a role.',
  userNotFound: 'User not found',
  memberDetailsSaved: (name: string) => `Level and enrollment year saved for ${name}.`,
  unknownRole: 'The selected admin role does not exist.',
  alreadyAdmin: 'This user is already an admin. Change their role instead.',
  adminUserNotFound: 'Admin user not found',
  nothingToUpdate: 'Nothing to update',

  // Bulk e-mail
  subjectRequired: 'Subject is required',
  bodyRequired: 'Message is required',
  subjectLength: `Subject must be ${LIMITS.bulkSubjectMin} to ${LIMITS.bulkSubjectMax} characters`,
  bodyTooShort: `Message must be at least ${LIMITS.bulkBodyMin} characters`,
  bodyTooLong: 'Message must be at most 20000 characters',
  selectRecipientRoleOrUsers: 'Please select at least one recipient role or specific users',
  selectRecipientRole: 'Please select at least one recipient role',
  /** Asked before a bulk e-mail is queued, with the exact count of distinct recipients. */
  confirmSend: (n: number, subscribers = 0) =>
    `Send this e-mail to ${n.toLocaleString('en-GB')} ${n === 1 ? 'member' : 'members'}${subscribers > 0 ? ` and ${subscribers.toLocaleString('en-GB')} newsletter ${subscribers === 1 ? 'subscriber' : 'subscribers'}` : ''}?`,
  auditRangeReversed: 'The From date must not be after the To date.',
  selectMember: 'Please select at least one member',
  unknownGroup: (g: string) => `Unknown recipient group: ${g}`,
  unregisteredAddresses: (list: string[]) => `These addresses are not registered members: ${list.join(', ')}`,
  unknownMembers: 'Some selected members were not found. Please reload the list and try again.',
  noRecipients: 'No member matches the chosen recipients.',

  // Data
  batchEmpty: 'Please add at least one role to update',
  batchTooLarge: 'At most 200 roles can be updated at once',
  roleNameMissing: 'Role name is required',
  executiveAlreadyAssigned: (name: string, position: string) =>
    `${name} is already assigned to ${position}. Please remove them from that position first or assign a different user.`,
  executiveSameOffice: (name: string, position: string) => `${name} already holds the ${position} office.`,
  executiveNotFound: 'Executive record not found',
  positionInvalid: 'Please choose one of the executive positions',
  /** The one message for an executive's year and a member role's year range (isSessionYear in finance.ts). */
  yearInvalid: 'Year must be a session of two years, like 2026-2027',
  endDateInvalid: 'End date must be a valid date and time',

  // Picker and uploads
  searchTooLong: 'Search text is too long',
} as const;

// ---------------------------------------------------------------------------------------------
// GET /api/admin/me (any signed-in member)

export type AdminFlags = Record<AdminFlag, boolean>;

// ---------------------------------------------------------------------------------------------
// Bulk e-mail
//
// Recipient groups (who is in each group is decided here):
//   student  users whose user_type is 'student'
//   member   users whose user_type is 'member' or 'executive' (an executive is a member holding an office)
//   alumni   users whose user_type is 'alumni'
//   admin    users who hold an admin role (admin_users)
//   all      every user
// Only accounts with a confirmed e-mail address (the member has set a password from the e-mailed
// link) receive bulk mail: an unconfirmed address may not be the member's. Every address gets one
// message per send, however many groups it falls in.
// One rule for every bulk e-mail, from either screen: a subject of 5 to 255 characters and a
// message of at least 20 (decision 020). Empty fields say they are required.

export const SUPER_RECIPIENT_GROUPS = ['member', 'student', 'alumni', 'all'] as const;
export const COMMUNICATION_GROUPS = ['student', 'member', 'admin', 'all'] as const;
export const RECIPIENT_GROUPS = ['student', 'member', 'alumni', 'admin', 'all'] as const;
export type RecipientGroup = (typeof RECIPIENT_GROUPS)[number];
export type SuperRecipientGroup = (typeof SUPER_RECIPIENT_GROUPS)[number];
export type CommunicationGroup = (typeof COMMUNICATION_GROUPS)[number];
export const BULK_BODY_MAX = 20_000;

// ---------------------------------------------------------------------------------------------
// Years (executives and member roles, decision 023)

/**
 * The one format of an executive's year, a member role's year range and the year winners are
 * installed for: the academic session, two consecutive years joined by a hyphen (2026-2027),
 * as the Finance sessions write it (decision 079). Anything else (2026, 2024/2025, 2024-2026)
 * is refused with ADMIN_MSG.yearInvalid; rows stored in other spellings were rewritten.
 */
export const YEAR_HINT = 'A session of two years, like 2026-2027';

// ---------------------------------------------------------------------------------------------
// Member roles batch (data admin)

export const BATCH_DEFAULTS = {
  role_type: 'executive',
  associated_year_range: '2024-2025',
  associated_position: 'Leadership',
  is_current: true,
  verified_by_admin: true,
} as const;
export const BATCH_MAX_ITEMS = 200;

// ---------------------------------------------------------------------------------------------
// User picker (any admin)

export const PICKER_MAX = 50;

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

// Request schemas (zod) are in schemas/admin.ts; their input types are re-exported here.
export type {
  AdminRoleCreateInput,
  AdminRoleUpdateInput,
  AdminUserCreateInput,
  CommunicationsSendInput,
  ExecutiveCreateInput,
  ExecutiveUpdateInput,
  MemberRoleBatchItem,
  SuperBulkEmailInput,
} from './schemas/admin.ts';

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
  ExecutiveResponse,
  ExecutivesAdminResponse,
  MemberRoleBatchResponse,
  MemberRoleRow,
  PickerResponse,
  PickerUser,
} from './schemas/admin.ts';
