import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SOCIAL_PLATFORMS } from '@aesa/shared/constants';
import type { AttendedEvent } from '@aesa/shared/check-in';
import type { Achievement, Project, ProfileRole, ProfileSkill, ProfileSocialLink, VolunteerActivity } from '@aesa/shared/profile';
import type { Db } from '../../db/client.ts';
import { userSocialLinks, users } from '../../db/schema.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

// Social links in the fixed order of the icons (linkedin, twitter, ... medium).
const PLATFORM_ORDER = sql.raw(`array[${SOCIAL_PLATFORMS.map((p) => `'${p}'`).join(', ')}]::text[]`);

/**
 * The whole profile in one round trip: the user's columns and each section as a JSON array.
 * `includePrivate` false leaves out private projects, achievements and activities, and the
 * attended events unless the member shows them (the public view); `activatedOnly` hides accounts whose owner has not set a password yet.
 */
export async function findProfile(db: Db, userId: string, opts: { includePrivate: boolean; activatedOnly: boolean }) {
  const visible = opts.includePrivate ? sql`true` : sql`not x.privacy`;
  const attendanceShown = opts.includePrivate ? sql`true` : sql`u.show_attended_events`;
  const { rows } = await db.execute<ProfileRow & Record<string, unknown>>(sql`
    select u.id, u.name, u.email, u.phone_number, u.bio, u.profile_image_url, u.cover_image_url,
      u.current_level, u.enrollment_year, u.matric_number, u.user_type, u.show_email, u.show_phone, u.show_attended_events,
      coalesce((select json_agg(json_build_object('role_name', x.role_name, 'role_type', x.role_type, 'is_current', x.is_current,
                  'verified_by_admin', x.verified_by_admin, 'associated_position', x.associated_position,
                  'associated_year_range', x.associated_year_range) order by x.is_current desc, lower(x.role_name) = 'members', x.created_at, x.id)
                from member_roles x where x.user_id = u.id), '[]'::json) as member_roles,
      coalesce((select json_agg(json_build_object('id', x.id, 'skill_name', x.skill_name, 'proficiency_level', x.proficiency_level)
                  order by x.created_at, lower(x.skill_name), x.id)
                from user_skills x where x.user_id = u.id), '[]'::json) as user_skills,
      coalesce((select json_agg(json_build_object('id', x.id, 'platform_name', x.platform_name, 'profile_url', x.profile_url)
                  order by array_position(${PLATFORM_ORDER}, x.platform_name), x.created_at, x.id)
                from user_social_links x where x.user_id = u.id), '[]'::json) as user_social_links,
      coalesce((select json_agg(json_build_object('user_projects', json_build_object('id', x.id, 'title', x.title,
                  'description', x.description, 'start_date', x.start_date, 'end_date', x.end_date, 'project_url', x.project_url,
                  'project_image_url', x.project_image_url, 'category', x.category, 'status', x.status, 'privacy', x.privacy))
                  order by x.start_date desc, x.created_at desc, x.id)
                from user_projects x where x.user_id = u.id and ${visible}), '[]'::json) as user_project_collaborators,
      coalesce((select json_agg(json_build_object('id', x.id, 'title', x.title, 'description', x.description,
                  'date_achieved', x.date_achieved, 'achievement_image_url', x.achievement_image_url, 'privacy', x.privacy)
                  order by x.date_achieved desc, x.created_at desc, x.id)
                from user_achievements x where x.user_id = u.id and ${visible}), '[]'::json) as user_achievements,
      coalesce((select json_agg(json_build_object('id', x.id, 'activity_name', x.activity_name, 'organization', x.organization,
                  'description', x.description, 'start_date', x.start_date, 'end_date', x.end_date,
                  'activity_image_url', x.activity_image_url, 'privacy', x.privacy)
                  order by x.start_date desc nulls last, x.created_at desc, x.id)
                from user_volunteer_activities x where x.user_id = u.id and ${visible}), '[]'::json) as user_volunteer_activities,
      case when ${attendanceShown} then
        coalesce((select json_agg(json_build_object('id', e.id, 'title', e.title, 'event_date', e.event_date) order by e.event_date desc, e.id)
                  from event_checkins c join events e on e.id = c.event_id where c.user_id = u.id), '[]'::json)
      end as attended_events
    from users u
    where u.id = ${userId} ${opts.activatedOnly ? sql`and u.password_hash is not null` : sql``}`);
  return rows[0] ?? null;
}

export interface ProfileRow {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  bio: string | null;
  profile_image_url: string | null;
  cover_image_url: string | null;
  current_level: string | null;
  enrollment_year: number | null;
  matric_number: string;
  user_type: string;
  show_email: boolean;
  show_phone: boolean;
  show_attended_events: boolean;
  /** Null when the member does not show them and the view is not the owner's. */
  attended_events: AttendedEvent[] | null;
  member_roles: ProfileRole[];
  user_skills: ProfileSkill[];
  user_social_links: ProfileSocialLink[];
  user_project_collaborators: { user_projects: Project }[];
  user_achievements: Achievement[];
  user_volunteer_activities: VolunteerActivity[];
}

export async function findUserEmail(db: Db, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

export async function updateUser(db: Db, userId: string, values: Partial<typeof users.$inferInsert>) {
  // The level and enrolment year are also the data admins' to correct: a member's own change of
  // them raises the version, so an admin's save from before it is refused as stale (decision 054).
  const details = values.current_level !== undefined || values.enrollment_year !== undefined;
  await db
    .update(users)
    .set({ ...values, ...(details ? { version: sql`${users.version} + 1` } : {}) })
    .where(eq(users.id, userId));
}

/** Serialises a member's own writes (caps, one link per platform) across requests and processes. */
export async function lockUser(tx: Tx, userId: string) {
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
}

// ------------------------------------------------------------------ owned rows, any section

type OwnedTable = PgTable & { id: PgColumn; user_id: PgColumn };

export async function countOwned(tx: Executor, table: OwnedTable, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(table).where(eq(table.user_id, userId));
  return row?.n ?? 0;
}

export async function findOwned<T extends OwnedTable>(db: Executor, table: T, userId: string, id: string): Promise<T['$inferSelect'] | null> {
  const [row] = await db
    .select()
    .from(table as OwnedTable)
    .where(and(eq(table.id, id), eq(table.user_id, userId)))
    .limit(1);
  return (row as T['$inferSelect'] | undefined) ?? null;
}

export async function insertOwned<T extends OwnedTable>(tx: Executor, table: T, values: T['$inferInsert']): Promise<T['$inferSelect'] | null> {
  const rows = (await tx
    .insert(table)
    .values(values as never)
    .onConflictDoNothing()
    .returning()) as T['$inferSelect'][];
  return rows[0] ?? null;
}

/** Updates only a row the member owns; null when there is none (someone else's id or unknown). */
export async function updateOwned<T extends OwnedTable>(db: Executor, table: T, userId: string, id: string, values: Partial<T['$inferInsert']>): Promise<T['$inferSelect'] | null> {
  const rows = (await db
    .update(table)
    .set(values as never)
    .where(and(eq(table.id, id), eq(table.user_id, userId)))
    .returning()) as T['$inferSelect'][];
  return rows[0] ?? null;
}

export async function deleteOwned<T extends OwnedTable>(db: Executor, table: T, userId: string, id: string): Promise<T['$inferSelect'] | null> {
  const rows = (await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.user_id, userId)))
    .returning()) as T['$inferSelect'][];
  return rows[0] ?? null;
}

/** Other links of the member on this platform (one link per platform is kept). */
export async function deletePlatformLinks(tx: Tx, userId: string, platform: string, exceptId?: string) {
  await tx
    .delete(userSocialLinks)
    .where(and(eq(userSocialLinks.user_id, userId), eq(userSocialLinks.platform_name, platform), exceptId ? ne(userSocialLinks.id, exceptId) : undefined));
}

/** True when one of the member's rows still shows this image (then its file must stay). */
export async function imageStillUsed(db: Db, userId: string, url: string): Promise<boolean> {
  const { rows } = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from users where id = ${userId} and (profile_image_url = ${url} or cover_image_url = ${url}))
        or exists (select 1 from user_projects where user_id = ${userId} and project_image_url = ${url})
        or exists (select 1 from user_achievements where user_id = ${userId} and achievement_image_url = ${url})
        or exists (select 1 from user_volunteer_activities where user_id = ${userId} and activity_image_url = ${url}) as used`);
  return rows[0]?.used === true;
}
