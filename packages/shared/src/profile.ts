// Member profiles (spec 01 §2 "Own profile" and "Member profile", §3 entities, §5 validation,
// §7 calls). The server and the profile screens validate with these same schemas.
import { z } from 'zod';
import { currentPasswordField, emailField } from './auth.ts';
import { LEVELS, LIMITS, PROFICIENCY_LEVELS, PROJECT_CATEGORIES, PROJECT_STATUSES, SOCIAL_PLATFORMS } from './constants.ts';
import { MSG } from './messages.ts';

/** The server accepts skill names up to the wider of the two client limits (12, or 15 on narrow screens). */
export const SKILL_NAME_MAX = LIMITS.skillNameMaxNarrow;

/** How many items one member may keep per section (the server refuses more with a clear message). */
export const PROFILE_CAPS = { skills: 50, socialLinks: SOCIAL_PLATFORMS.length, items: 100 } as const;

export const PROFILE_MSG = {
  // Spec texts (01 §5, §8).
  skillEmpty: 'Skill name cannot be empty.',
  skillDuplicate: 'This skill already exists.',
  skillTooLong: (n: number = SKILL_NAME_MAX) => `Skill name too long. Maximum ${n} characters allowed.`,
  projectRequired: 'Please fill in all required fields (Title, Description, Start Date)',
  achievementRequired: 'Please fill in all required fields',
  activityRequired: 'Please fill in the activity name',
  profileNotFound: 'Profile not found',
  projectAdded: 'Project added successfully!',
  projectUpdated: 'Project updated successfully!',
  projectDeleted: 'Project deleted successfully!',
  achievementDeleted: 'Achievement deleted successfully!',
  activityDeleted: 'Volunteer activity deleted successfully!',
  profileUpdated: MSG.profileUpdated,
  // Texts the spec does not give.
  achievementAdded: 'Achievement added successfully!',
  achievementUpdated: 'Achievement updated successfully!',
  activityAdded: 'Volunteer activity added successfully!',
  activityUpdated: 'Volunteer activity updated successfully!',
  skillAdded: 'Skill added successfully!',
  skillUpdated: 'Skill updated successfully!',
  skillDeleted: 'Skill removed successfully!',
  socialLinkSaved: 'Social link saved successfully!',
  socialLinkDeleted: 'Social link removed successfully!',
  skillNotFound: 'Skill not found',
  socialLinkNotFound: 'Social link not found',
  projectNotFound: 'Project not found',
  achievementNotFound: 'Achievement not found',
  activityNotFound: 'Volunteer activity not found',
  nothingToUpdate: 'Nothing to update.',
  bioTooLong: `Bio must be at most ${LIMITS.bioMax} characters`,
  nameTooLong: `Name must be at most ${LIMITS.nameMax} characters`,
  phoneInvalid: 'Please enter a valid phone number',
  levelInvalid: 'Level must be one of 100 Level to 500 Level or Alumni',
  yearInvalid: 'Enrollment year must be a four-digit year',
  proficiencyInvalid: `Proficiency must be one of ${PROFICIENCY_LEVELS.join(', ')}`,
  platformInvalid: 'Platform must be one of LinkedIn, Twitter, Instagram, GitHub, Stack Overflow or Medium',
  socialUrlRequired: 'Please enter the link for this platform',
  webUrlInvalid: (label: string) => `${label} must be a web address starting with http:// or https://`,
  imageUrlInvalid: 'The image must be an uploaded image or a web address starting with http:// or https://',
  dateInvalid: (label: string) => `${label} must be a valid date (YYYY-MM-DD)`,
  endBeforeStart: 'End date cannot be before the start date',
  categoryInvalid: `Category must be one of ${PROJECT_CATEGORIES.join(', ')}`,
  statusInvalid: `Status must be one of ${PROJECT_STATUSES.join(', ')}`,
  privacyInvalid: 'Privacy must be true (private) or false (public)',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  notText: (label: string) => `${label} must be text`,
  tooMany: (what: string, max: number) => `You can keep at most ${max} ${what}. Please remove one first.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Field helpers

/** A real calendar date written YYYY-MM-DD (what a date input gives and what the server answers). */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2100) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** An absolute http(s) address. Anything else (javascript:, data:, relative paths) is refused. */
export function isWebUrl(value: string): boolean {
  // new URL() would silently drop tabs and newlines inside the address; refuse them instead.
  if (/\s/.test(value) || Array.from(value).some((c) => c.charCodeAt(0) < 32)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The path of an image stored by our upload endpoints (see uploads module). */
export const UPLOAD_PATH_PATTERN = /^\/uploads\/[a-z-]+\/[0-9a-f-]{36}\.webp$/;
export const isImageUrl = (value: string) => UPLOAD_PATH_PATTERN.test(value) || isWebUrl(value);

const requiredText = (message: string, label: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: PROFILE_MSG.tooLong(label, max) });

/**
 * An optional text: absent stays absent (a PATCH keeps the stored value), null or blank clears
 * it (stored as null), otherwise trimmed and checked.
 */
const optionalText = (label: string, max: number, check?: { test: (v: string) => boolean; message: string }) =>
  z
    .union([z.string(), z.null()], { error: PROFILE_MSG.notText(label) })
    .optional()
    .transform((v) => (v == null ? v : v.trim() === '' ? null : v.trim()))
    .refine((v) => v == null || v.length <= max, { error: PROFILE_MSG.tooLong(label, max) })
    .refine((v) => v == null || !check || check.test(v), { error: check?.message ?? '' });

const requiredDate = (message: string, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .refine(isIsoDate, { error: PROFILE_MSG.dateInvalid(label) });

const optionalDate = (label: string) => optionalText(label, 10, { test: isIsoDate, message: PROFILE_MSG.dateInvalid(label) });
const optionalImage = optionalText('Image URL', LIMITS.urlMax, { test: isImageUrl, message: PROFILE_MSG.imageUrlInvalid });
const privacyField = z.boolean({ error: PROFILE_MSG.privacyInvalid }).optional();

/** An end date (when both are set) may not come before the start date. */
export function datesInOrder(start: string | null | undefined, end: string | null | undefined): boolean {
  return !start || !end || end >= start;
}

const endAfterStart = (v: { start_date?: string | null; end_date?: string | null }, ctx: z.RefinementCtx) => {
  if (!datesInOrder(v.start_date, v.end_date)) ctx.addIssue({ code: 'custom', message: PROFILE_MSG.endBeforeStart, path: ['end_date'] });
};

// ---------------------------------------------------------------------------------------------
// PATCH /profile/me

/**
 * The fields a member may change on their own profile. Anything else in the body (id, roles,
 * matric_number, password_hash, admin flags, user_type, ...) is dropped by the parser, never written.
 */
export const profileUpdateSchema = z.object({
  name: requiredText(MSG.nameRequired, 'Name', LIMITS.nameMax).optional(),
  email: emailField().optional(),
  phone_number: optionalText('Phone number', 32, { test: (v) => /^\+?[0-9][0-9 ()-]{5,30}$/.test(v), message: PROFILE_MSG.phoneInvalid }),
  bio: z
    .union([z.string(), z.null()], { error: PROFILE_MSG.notText('Bio') })
    .optional()
    .transform((v) => (v == null ? v : v.trim() === '' ? null : v.trim()))
    .refine((v) => v == null || v.length <= LIMITS.bioMax, { error: PROFILE_MSG.bioTooLong }),
  current_level: z.enum(LEVELS, { error: PROFILE_MSG.levelInvalid }).nullable().optional(),
  enrollment_year: z.number({ error: PROFILE_MSG.yearInvalid }).int({ error: PROFILE_MSG.yearInvalid }).min(1950, { error: PROFILE_MSG.yearInvalid }).max(2100, { error: PROFILE_MSG.yearInvalid }).nullable().optional(),
  // Needed only when `email` differs from the current address (the server checks it then).
  current_password: currentPasswordField.optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Skills and social links

const skillName = z
  .string({ error: PROFILE_MSG.skillEmpty })
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, { error: PROFILE_MSG.skillEmpty }).max(SKILL_NAME_MAX, { error: PROFILE_MSG.skillTooLong() }));

/** POST /profile/me/skills. A new skill without a level is a Beginner one. */
export const skillCreateSchema = z.object({
  skill_name: skillName,
  proficiency_level: z.enum(PROFICIENCY_LEVELS, { error: PROFILE_MSG.proficiencyInvalid }).optional(),
});
/** PATCH /profile/me/skills/{id} */
export const skillUpdateSchema = skillCreateSchema.partial();

const platform = z
  .string({ error: PROFILE_MSG.platformInvalid })
  .transform((v) => v.trim().toLowerCase().replace(/[\s_-]/g, ''))
  .pipe(z.enum(SOCIAL_PLATFORMS, { error: PROFILE_MSG.platformInvalid }));
const socialUrl = requiredText(PROFILE_MSG.socialUrlRequired, 'Link', LIMITS.urlMax).refine(isWebUrl, { error: PROFILE_MSG.webUrlInvalid('The link') });

/** POST /profile/me/social-links: one link per platform; adding a platform again replaces its link. */
export const socialLinkCreateSchema = z.object({ platform, url: socialUrl });
/** PATCH /profile/me/social-links/{id} */
export const socialLinkUpdateSchema = socialLinkCreateSchema.partial();

// ---------------------------------------------------------------------------------------------
// Projects, achievements, volunteer activities

export const projectFields = z.object({
  title: requiredText(PROFILE_MSG.projectRequired, 'Title', LIMITS.titleMax),
  description: requiredText(PROFILE_MSG.projectRequired, 'Description', LIMITS.textMax),
  start_date: requiredDate(PROFILE_MSG.projectRequired, 'Start date'),
  end_date: optionalDate('End date'),
  project_url: optionalText('Project URL', LIMITS.urlMax, { test: isWebUrl, message: PROFILE_MSG.webUrlInvalid('Project URL') }),
  project_image_url: optionalImage,
  // An empty select ("") means no category.
  category: z.preprocess((v) => (v === '' ? null : v), z.enum(PROJECT_CATEGORIES, { error: PROFILE_MSG.categoryInvalid }).nullable().optional()),
  status: z.enum(PROJECT_STATUSES, { error: PROFILE_MSG.statusInvalid }).optional(),
  privacy: privacyField,
});
/** POST /profile/me/projects (status defaults to In Progress, privacy to false). */
export const projectCreateSchema = projectFields.superRefine(endAfterStart);
/** PATCH /profile/me/projects/{id}: only the fields sent change; null or "" clears an optional one. */
export const projectUpdateSchema = projectFields.partial();

export const achievementFields = z.object({
  title: requiredText(PROFILE_MSG.achievementRequired, 'Title', LIMITS.titleMax),
  description: optionalText('Description', LIMITS.textMax),
  date_achieved: requiredDate(PROFILE_MSG.achievementRequired, 'Date achieved'),
  achievement_image_url: optionalImage,
  privacy: privacyField,
});
export const achievementCreateSchema = achievementFields;
export const achievementUpdateSchema = achievementFields.partial();

export const activityFields = z.object({
  activity_name: requiredText(PROFILE_MSG.activityRequired, 'Activity name', LIMITS.titleMax),
  organization: optionalText('Organization', LIMITS.titleMax),
  description: optionalText('Description', LIMITS.textMax),
  start_date: optionalDate('Start date'),
  end_date: optionalDate('End date'),
  activity_image_url: optionalImage,
  privacy: privacyField,
});
export const activityCreateSchema = activityFields.superRefine(endAfterStart);
export const activityUpdateSchema = activityFields.partial();

// Response shapes: zod schemas in schemas/profile.ts; their wire types are re-exported here.
export type {
  Achievement,
  AchievementResponse,
  ActivityResponse,
  DeleteResponse,
  OwnProfile,
  OwnProfileResponse,
  ProfileRole,
  ProfileSkill,
  ProfileSocialLink,
  ProfileUpdateResponse,
  Project,
  ProjectResponse,
  PublicProfile,
  PublicProfileResponse,
  SkillResponse,
  SocialLinkResponse,
  VolunteerActivity,
} from './schemas/profile.ts';
