import * as z from 'zod';
import { ENROLLMENT_YEARS, LEVELS, LIMITS, PROFICIENCY_LEVELS, PROJECT_CATEGORIES, PROJECT_STATUSES, SOCIAL_PLATFORMS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { COMPLETE_PROFILE_MSG, PROFILE_MSG, SKILL_NAME_MAX, datesInOrder, isImageUrl, isIsoDate, isWebUrl, normaliseSkillName } from '../profile.ts';
import { CHECK_IN_MSG } from '../check-in.ts';
import { currentPasswordField, emailField } from './auth.ts';
import { attendedEventSchema } from './check-in.ts';
import { idSchema, okSchema, okMessageSchema, type WireOf } from './envelope.ts';
import { codedIssue } from './coded.ts';

// The requests and answers of the profile routes. Dates of items are calendar dates (YYYY-MM-DD).
// ---------------------------------------------------------------------------------------------
// Requests

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

const endAfterStart = (v: { start_date?: string | null; end_date?: string | null }, ctx: z.RefinementCtx) => {
  if (!datesInOrder(v.start_date, v.end_date)) ctx.addIssue({ code: 'custom', ...codedIssue('PROFILE_END_BEFORE_START'), path: ['end_date'] });
};

/**
 * An enrolment year: a whole year from 1950 up to this year (no one enrols in the future). The
 * forms offer the last ten (ENROLLMENT_YEARS); older years stay valid for members who joined
 * before them. The year is read from the clock at each check, not when the module loaded.
 */
export const enrollmentYearField = z
  .number({ error: PROFILE_MSG.yearInvalid })
  .int({ error: PROFILE_MSG.yearInvalid })
  .min(1950, { error: PROFILE_MSG.yearInvalid })
  .max(9999, { error: PROFILE_MSG.yearInvalid })
  .refine((y) => y <= new Date().getUTCFullYear(), { error: PROFILE_MSG.yearInFuture });

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
  enrollment_year: enrollmentYearField.nullable().optional(),
  // Whether signed-in members may see the e-mail and the phone (visitors never do).
  show_email: z.boolean({ error: PROFILE_MSG.showEmailInvalid }).optional(),
  show_phone: z.boolean({ error: PROFILE_MSG.showPhoneInvalid }).optional(),
  // Whether the profile lists the events the member was checked in at (off until they turn it on).
  show_attended_events: z.boolean({ error: CHECK_IN_MSG.showAttendedInvalid }).optional(),
  // Needed only when `email` differs from the current address (the server checks it then).
  current_password: currentPasswordField.optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** A select's value: '' is nothing chosen, anything else its number. */
const chosenYear = (v: unknown) => (v === '' || v == null ? undefined : typeof v === 'string' ? Number(v) : v);

/**
 * The "Complete your profile" step (and the name, level and year of the settings): all three are
 * needed, the level from the directory's list, the year one of those offered. What it gives is a
 * PATCH /profile/me body.
 */
export const profileCompletionSchema = z.object({
  name: requiredText(MSG.nameRequired, 'Name', LIMITS.nameMax),
  current_level: z.enum(LEVELS, { error: COMPLETE_PROFILE_MSG.levelRequired }),
  enrollment_year: z.preprocess(
    chosenYear,
    z
      .number({ error: COMPLETE_PROFILE_MSG.yearRequired })
      .refine((y) => ENROLLMENT_YEARS.includes(y), { error: COMPLETE_PROFILE_MSG.yearNotOffered })
      .pipe(enrollmentYearField),
  ),
});
export type ProfileCompletionInput = z.infer<typeof profileCompletionSchema>;

/**
 * The level and enrolment year as the settings offer them: optional selects, where nothing chosen
 * ('') clears the value (null), and a year is one of those offered.
 */
export const levelYearChoiceSchema = z.object({
  current_level: z.preprocess((v) => (v === '' ? null : v), z.enum(LEVELS, { error: PROFILE_MSG.levelInvalid }).nullable()).optional(),
  enrollment_year: z.preprocess((v) => (v === '' ? null : chosenYear(v)), enrollmentYearField.nullable()).optional(),
});

// ---------------------------------------------------------------------------------------------
// Skills and social links

const skillName = z
  .string({ error: PROFILE_MSG.skillEmpty })
  .transform(normaliseSkillName)
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

/**
 * The social links form: one box per platform, each checked with the link rule of the request;
 * a blank box removes that platform's link.
 */
const optionalSocialUrl = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), socialUrl.optional());
export const socialLinksFormSchema = z.object(
  Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, optionalSocialUrl])) as Record<(typeof SOCIAL_PLATFORMS)[number], typeof optionalSocialUrl>,
);

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

// ---------------------------------------------------------------------------------------------
// Answers

const dateText = z.string();

export const profileRoleSchema = z.object({
  role_name: z.string(),
  role_type: z.string(),
  is_current: z.boolean(),
  verified_by_admin: z.boolean(),
  associated_position: z.string().nullable(),
  associated_year_range: z.string().nullable(),
});
export const profileSkillSchema = z.object({ id: idSchema, skill_name: z.string(), proficiency_level: z.string() });
export const profileSocialLinkSchema = z.object({
  id: idSchema,
  /** One of the social platforms (lower case). */
  platform_name: z.string(),
  profile_url: z.string(),
});
export const projectSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  start_date: dateText,
  end_date: dateText.nullable(),
  project_url: z.string().nullable(),
  project_image_url: z.string().nullable(),
  category: z.string().nullable(),
  status: z.string(),
  /** True when private (shown to the owner only). */
  privacy: z.boolean(),
});
export const achievementSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string().nullable(),
  date_achieved: dateText,
  achievement_image_url: z.string().nullable(),
  privacy: z.boolean(),
});
export const volunteerActivitySchema = z.object({
  id: idSchema,
  activity_name: z.string(),
  organization: z.string().nullable(),
  description: z.string().nullable(),
  start_date: dateText.nullable(),
  end_date: dateText.nullable(),
  activity_image_url: z.string().nullable(),
  privacy: z.boolean(),
});

/**
 * What anyone may see: no private item ever. `email` and `phone_number` are present only for a
 * signed-in viewer, and only those the member chose to show (absent otherwise, never null).
 */
export const publicProfileSchema = z.object({
  id: idSchema,
  name: z.string(),
  bio: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  current_level: z.string().nullable(),
  enrollment_year: z.number().int().nullable(),
  matric_number: z.string(),
  member_roles: z.array(profileRoleSchema),
  user_skills: z.array(profileSkillSchema),
  user_social_links: z.array(profileSocialLinkSchema),
  user_project_collaborators: z.array(z.object({ user_projects: projectSchema })),
  user_achievements: z.array(achievementSchema),
  user_volunteer_activities: z.array(volunteerActivitySchema),
  email: z.string().optional(),
  phone_number: z.string().optional(),
  /** The events the member was checked in at, newest first; present only when the member shows them. */
  attended_events: z.array(attendedEventSchema).optional(),
});

/** The owner's view, with contact details, who may see them, and private items. */
export const ownProfileSchema = publicProfileSchema.extend({
  email: z.string(),
  phone_number: z.string().nullable(),
  show_email: z.boolean(),
  show_phone: z.boolean(),
  show_attended_events: z.boolean(),
  /** The owner always sees their own attended events, shown to others or not. */
  attended_events: z.array(attendedEventSchema),
  user_type: z.string(),
  admin_type: z.string().nullable(),
  admin_role: z.string().nullable(),
});

export const publicProfileResponse = okSchema({ profile: publicProfileSchema });
export const ownProfileResponse = okSchema({ profile: ownProfileSchema });
export const profileUpdateResponse = okSchema({
  message: z.string(),
  profile: ownProfileSchema,
  /** A new e-mail address waiting for its confirmation link. */
  pending_email: z.string().optional(),
});

/** An added or changed item, under its own name and under `data`. */
const itemResponse = <K extends string, S extends z.ZodType>(key: K, item: S) =>
  okSchema({ message: z.string(), data: item }).extend({ [key]: item } as { [P in K]: S });
export const skillResponse = itemResponse('skill', profileSkillSchema);
export const socialLinkResponse = itemResponse('socialLink', profileSocialLinkSchema);
export const projectResponse = itemResponse('project', projectSchema);
export const achievementResponse = itemResponse('achievement', achievementSchema);
export const activityResponse = itemResponse('activity', volunteerActivitySchema);
export const deleteResponse = okMessageSchema;

export type ProfileRole = WireOf<typeof profileRoleSchema>;
export type ProfileSkill = WireOf<typeof profileSkillSchema>;
export type ProfileSocialLink = WireOf<typeof profileSocialLinkSchema>;
export type Project = WireOf<typeof projectSchema>;
export type Achievement = WireOf<typeof achievementSchema>;
export type VolunteerActivity = WireOf<typeof volunteerActivitySchema>;
export type PublicProfile = WireOf<typeof publicProfileSchema>;
export type OwnProfile = WireOf<typeof ownProfileSchema>;
export type PublicProfileResponse = WireOf<typeof publicProfileResponse>;
export type OwnProfileResponse = WireOf<typeof ownProfileResponse>;
export type ProfileUpdateResponse = WireOf<typeof profileUpdateResponse>;
export type SkillResponse = WireOf<typeof skillResponse>;
export type SocialLinkResponse = WireOf<typeof socialLinkResponse>;
export type ProjectResponse = WireOf<typeof projectResponse>;
export type AchievementResponse = WireOf<typeof achievementResponse>;
export type ActivityResponse = WireOf<typeof activityResponse>;
export type DeleteResponse = WireOf<typeof deleteResponse>;
