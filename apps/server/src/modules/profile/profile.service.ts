import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '@aesa/shared/error-codes';
import { z } from 'zod';
import {
  datesInOrder,
  PROFILE_CAPS,
  PROFILE_MSG,
  type Achievement,
  type OwnProfile,
  type ProfileSkill,
  type ProfileSocialLink,
  type ProfileUpdateInput,
  type Project,
  type PublicProfile,
  type VolunteerActivity,
} from '@aesa/shared/profile';
import { userAchievements, userProjects, userSkills, userSocialLinks, userVolunteerActivities } from '../../db/schema.ts';
import { fail } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/session-user.ts';
import { toSessionUser } from '../auth/session-user.ts';
import { removeReplacedImage, uploadPathOf } from '../uploads/uploads.service.ts';
import { checkEmailChange, startEmailChange } from './email-change.service.ts';
import * as q from './profile.queries.ts';

// Every function here acts on the signed-in member's own rows only: the member id always comes
// from the session, and a row id of someone else's item answers 404 exactly like an unknown id,
// so ids of other members' items are never confirmed.

const idSchema = z.guid();

/** A syntactically bad id is just an id that does not exist. */
function existingIdOr404(id: unknown, notFound: ErrorCode): string {
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) throw fail(notFound);
  return parsed.data.toLowerCase();
}

/** Drops the keys the client did not send, so a PATCH changes only what it names. */
function sentOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return !constraint || e.constraint === constraint;
  }
  return false;
}

/** Removes a replaced or deleted image's file, unless another of the member's rows still shows it. */
async function dropImage(app: FastifyInstance, userId: string, url: string | null | undefined) {
  if (!url || !uploadPathOf(url)) return;
  if (await q.imageStillUsed(app.db, userId, url)) return;
  await removeReplacedImage(app, userId, url);
}

// ------------------------------------------------------------------ profile views

/** An explicit allowlist: e-mail, phone, their visibility and password data are not among these fields. */
function toPublicProfile(row: q.ProfileRow): PublicProfile {
  return {
    id: row.id,
    name: row.name,
    bio: row.bio,
    profile_image_url: row.profile_image_url,
    cover_image_url: row.cover_image_url,
    current_level: row.current_level,
    enrollment_year: row.enrollment_year,
    matric_number: row.matric_number,
    member_roles: row.member_roles,
    user_skills: row.user_skills,
    user_social_links: row.user_social_links,
    user_project_collaborators: row.user_project_collaborators,
    user_achievements: row.user_achievements,
    user_volunteer_activities: row.user_volunteer_activities,
  };
}

/**
 * The contact details a viewer may see: none for a visitor; for a signed-in member, the e-mail
 * and the phone the owner chose to show (docs/decisions/007-profile-contact-privacy.md). A key
 * not shown is absent from the answer, not null.
 */
function sharedContact(row: q.ProfileRow, viewer: AuthUser | null): Pick<PublicProfile, 'email' | 'phone_number'> {
  if (!viewer) return {};
  return {
    ...(row.show_email ? { email: row.email } : {}),
    ...(row.show_phone && row.phone_number ? { phone_number: row.phone_number } : {}),
  };
}

/** The events the member came to, only when they chose to show them (decision 066); absent otherwise. */
function shownAttendance(row: q.ProfileRow): Pick<PublicProfile, 'attended_events'> {
  return row.show_attended_events && row.attended_events ? { attended_events: row.attended_events } : {};
}

/**
 * A member's profile as others see it: public items only; e-mail and phone only for a signed-in
 * viewer, and only those the member shows. Accounts not activated yet are not shown, as in the
 * directory.
 */
export async function publicProfile(app: FastifyInstance, id: unknown, viewer: AuthUser | null): Promise<PublicProfile> {
  const userId = existingIdOr404(id, 'PROFILE_NOT_FOUND');
  const row = await q.findProfile(app.db, userId, { includePrivate: false, activatedOnly: true });
  if (!row) throw fail('PROFILE_NOT_FOUND');
  return { ...toPublicProfile(row), ...sharedContact(row, viewer), ...shownAttendance(row) };
}

/** The owner's view: every item (private ones too), e-mail, phone and admin standing. */
export async function ownProfile(app: FastifyInstance, user: AuthUser): Promise<OwnProfile> {
  const row = await q.findProfile(app.db, user.id, { includePrivate: true, activatedOnly: false });
  if (!row) throw fail('PROFILE_NOT_FOUND');
  const session = toSessionUser(user.row);
  return {
    ...toPublicProfile(row),
    email: row.email,
    phone_number: row.phone_number,
    show_email: row.show_email,
    show_phone: row.show_phone,
    show_attended_events: row.show_attended_events,
    attended_events: row.attended_events ?? [],
    user_type: row.user_type,
    admin_type: session.admin_type,
    admin_role: session.admin_role,
  };
}

/**
 * PATCH /profile/me: only the fields of profileUpdateSchema can reach this point. A new e-mail
 * address needs the current password and waits for the link sent to it (email-change.service.ts);
 * the other fields of the same request apply at once, and only once every check has passed.
 */
export async function updateOwnProfile(app: FastifyInstance, user: AuthUser, input: ProfileUpdateInput): Promise<{ profile: OwnProfile; message: string; pending_email?: string }> {
  const { email, current_password, ...values } = sentOnly(input);
  if (email === undefined && Object.keys(values).length === 0) throw fail('PROFILE_NOTHING_TO_UPDATE');
  const currentEmail = email !== undefined ? await q.findUserEmail(app.db, user.id) : null;
  const newEmail = email !== undefined && currentEmail !== null && email !== currentEmail ? email : null;
  if (newEmail) await checkEmailChange(app, user.id, newEmail, current_password);
  if (Object.keys(values).length > 0) await q.updateUser(app.db, user.id, { ...values, updated_at: app.clock() });
  const message = newEmail ? await startEmailChange(app, user.id, currentEmail!, newEmail) : PROFILE_MSG.profileUpdated;
  return { profile: await ownProfile(app, user), message, ...(newEmail ? { pending_email: newEmail } : {}) };
}

// ------------------------------------------------------------------ skills

const toSkill = (r: typeof userSkills.$inferSelect): ProfileSkill => ({ id: r.id, skill_name: r.skill_name, proficiency_level: r.proficiency_level });

export async function addSkill(app: FastifyInstance, userId: string, input: { skill_name: string; proficiency_level?: string }) {
  const row = await app.db.transaction(async (tx) => {
    await q.lockUser(tx, userId);
    if ((await q.countOwned(tx, userSkills, userId)) >= PROFILE_CAPS.skills) throw fail('PROFILE_TOO_MANY_ITEMS', 'skills', PROFILE_CAPS.skills);
    // The unique index on (user_id, lower(skill_name)) decides duplicates, whatever the timing.
    const inserted = await q.insertOwned(tx, userSkills, { user_id: userId, skill_name: input.skill_name, proficiency_level: input.proficiency_level ?? 'Beginner' });
    if (!inserted) throw fail('SKILL_DUPLICATE');
    return inserted;
  });
  return toSkill(row);
}

export async function updateSkill(app: FastifyInstance, userId: string, id: unknown, input: { skill_name?: string; proficiency_level?: string }) {
  const skillId = existingIdOr404(id, 'SKILL_NOT_FOUND');
  const values = sentOnly(input);
  if (Object.keys(values).length === 0) throw fail('PROFILE_NOTHING_TO_UPDATE');
  try {
    const row = await q.updateOwned(app.db, userSkills, userId, skillId, values);
    if (!row) throw fail('SKILL_NOT_FOUND');
    return toSkill(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('SKILL_DUPLICATE');
    throw err;
  }
}

export async function deleteSkill(app: FastifyInstance, userId: string, id: unknown) {
  const skillId = existingIdOr404(id, 'SKILL_NOT_FOUND');
  if (!(await q.deleteOwned(app.db, userSkills, userId, skillId))) throw fail('SKILL_NOT_FOUND');
}

// ------------------------------------------------------------------ social links

const toSocialLink = (r: typeof userSocialLinks.$inferSelect): ProfileSocialLink => ({ id: r.id, platform_name: r.platform_name, profile_url: r.profile_url });

/** One link per platform: adding a platform that already has a link replaces it. */
export async function addSocialLink(app: FastifyInstance, userId: string, input: { platform: string; url: string }) {
  const row = await app.db.transaction(async (tx) => {
    await q.lockUser(tx, userId);
    await q.deletePlatformLinks(tx, userId, input.platform);
    if ((await q.countOwned(tx, userSocialLinks, userId)) >= PROFILE_CAPS.socialLinks) {
      throw fail('PROFILE_TOO_MANY_ITEMS', 'social links', PROFILE_CAPS.socialLinks);
    }
    return (await q.insertOwned(tx, userSocialLinks, { user_id: userId, platform_name: input.platform, profile_url: input.url }))!;
  });
  return toSocialLink(row);
}

export async function updateSocialLink(app: FastifyInstance, userId: string, id: unknown, input: { platform?: string; url?: string }) {
  const linkId = existingIdOr404(id, 'SOCIAL_LINK_NOT_FOUND');
  if (input.platform === undefined && input.url === undefined) throw fail('PROFILE_NOTHING_TO_UPDATE');
  const row = await app.db.transaction(async (tx) => {
    await q.lockUser(tx, userId);
    if (!(await q.findOwned(tx, userSocialLinks, userId, linkId))) throw fail('SOCIAL_LINK_NOT_FOUND');
    if (input.platform !== undefined) await q.deletePlatformLinks(tx, userId, input.platform, linkId);
    return q.updateOwned(tx, userSocialLinks, userId, linkId, sentOnly({ platform_name: input.platform, profile_url: input.url }));
  });
  if (!row) throw fail('SOCIAL_LINK_NOT_FOUND');
  return toSocialLink(row);
}

export async function deleteSocialLink(app: FastifyInstance, userId: string, id: unknown) {
  const linkId = existingIdOr404(id, 'SOCIAL_LINK_NOT_FOUND');
  if (!(await q.deleteOwned(app.db, userSocialLinks, userId, linkId))) throw fail('SOCIAL_LINK_NOT_FOUND');
}

// ------------------------------------------------------------------ projects, achievements, activities

const toProject = (r: typeof userProjects.$inferSelect): Project => ({
  id: r.id,
  title: r.title,
  description: r.description,
  start_date: r.start_date,
  end_date: r.end_date,
  project_url: r.project_url,
  project_image_url: r.project_image_url,
  category: r.category,
  status: r.status,
  privacy: r.privacy,
});

const toAchievement = (r: typeof userAchievements.$inferSelect): Achievement => ({
  id: r.id,
  title: r.title,
  description: r.description,
  date_achieved: r.date_achieved,
  achievement_image_url: r.achievement_image_url,
  privacy: r.privacy,
});

const toActivity = (r: typeof userVolunteerActivities.$inferSelect): VolunteerActivity => ({
  id: r.id,
  activity_name: r.activity_name,
  organization: r.organization,
  description: r.description,
  start_date: r.start_date,
  end_date: r.end_date,
  activity_image_url: r.activity_image_url,
  privacy: r.privacy,
});

/** What differs between the three item sections; the create/update/delete rules are shared. */
export const SECTIONS = {
  projects: {
    table: userProjects,
    plural: 'projects',
    image: 'project_image_url',
    hasDateRange: true,
    defaults: { end_date: null, project_url: null, project_image_url: null, category: null, status: 'In Progress', privacy: false },
    toItem: toProject,
    msg: { added: PROFILE_MSG.projectAdded, updated: PROFILE_MSG.projectUpdated, deleted: PROFILE_MSG.projectDeleted },
    notFound: 'PROJECT_NOT_FOUND',
  },
  achievements: {
    table: userAchievements,
    plural: 'achievements',
    image: 'achievement_image_url',
    hasDateRange: false,
    defaults: { description: null, achievement_image_url: null, privacy: false },
    toItem: toAchievement,
    msg: { added: PROFILE_MSG.achievementAdded, updated: PROFILE_MSG.achievementUpdated, deleted: PROFILE_MSG.achievementDeleted },
    notFound: 'ACHIEVEMENT_NOT_FOUND',
  },
  activities: {
    table: userVolunteerActivities,
    plural: 'volunteer activities',
    image: 'activity_image_url',
    hasDateRange: true,
    defaults: { organization: null, description: null, start_date: null, end_date: null, activity_image_url: null, privacy: false },
    toItem: toActivity,
    msg: { added: PROFILE_MSG.activityAdded, updated: PROFILE_MSG.activityUpdated, deleted: PROFILE_MSG.activityDeleted },
    notFound: 'ACTIVITY_NOT_FOUND',
  },
} as const;
export type SectionName = keyof typeof SECTIONS;
type ItemOf<S extends SectionName> = ReturnType<(typeof SECTIONS)[S]['toItem']>;
type Row = Record<string, unknown>;

export async function createItem<S extends SectionName>(app: FastifyInstance, userId: string, name: S, input: object): Promise<ItemOf<S>> {
  const section = SECTIONS[name];
  const values = { ...section.defaults, ...sentOnly(input), user_id: userId };
  const row = await app.db.transaction(async (tx) => {
    await q.lockUser(tx, userId);
    if ((await q.countOwned(tx, section.table, userId)) >= PROFILE_CAPS.items) throw fail('PROFILE_TOO_MANY_ITEMS', section.plural, PROFILE_CAPS.items);
    return q.insertOwned(tx, section.table, values as never);
  });
  return (section.toItem as (r: Row) => ItemOf<S>)(row as Row);
}

export async function updateItem<S extends SectionName>(app: FastifyInstance, userId: string, name: S, id: unknown, input: object): Promise<ItemOf<S>> {
  const section = SECTIONS[name];
  const itemId = existingIdOr404(id, section.notFound);
  const changes = sentOnly(input) as Row;
  if (Object.keys(changes).length === 0) throw fail('PROFILE_NOTHING_TO_UPDATE');
  const existing = (await q.findOwned(app.db, section.table, userId, itemId)) as Row | null;
  if (!existing) throw fail(section.notFound);
  // The date rule holds for the item as it will be, not just for the fields sent.
  const merged = { ...existing, ...changes };
  if (section.hasDateRange && !datesInOrder(merged.start_date as string | null, merged.end_date as string | null)) {
    throw fail('PROFILE_END_BEFORE_START');
  }
  const row = (await q.updateOwned(app.db, section.table, userId, itemId, changes as never)) as Row | null;
  if (!row) throw fail(section.notFound);
  if (existing[section.image] !== row[section.image]) await dropImage(app, userId, existing[section.image] as string | null);
  return (section.toItem as (r: Row) => ItemOf<S>)(row);
}

export async function deleteItem(app: FastifyInstance, userId: string, name: SectionName, id: unknown) {
  const section = SECTIONS[name];
  const itemId = existingIdOr404(id, section.notFound);
  const row = (await q.deleteOwned(app.db, section.table, userId, itemId)) as Row | null;
  if (!row) throw fail(section.notFound);
  await dropImage(app, userId, row[section.image] as string | null);
}
