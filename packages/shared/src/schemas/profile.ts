import { z } from 'zod';
import { idSchema, okSchema, okMessageSchema, type WireOf } from './envelope.ts';

// The answers of the profile routes. Dates of items are calendar dates (YYYY-MM-DD).

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

/** What anyone may see. No e-mail, phone or private item ever. */
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
});

/** The owner's view, with contact details and private items. */
export const ownProfileSchema = publicProfileSchema.extend({
  email: z.string(),
  phone_number: z.string().nullable(),
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
