import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { LIMITS } from '@aesa/shared/constants';
import { PROFILE_CAPS, PROFILE_MSG, type OwnProfile } from '@aesa/shared/profile';
import { userAchievements, userProjects, userSkills, userSocialLinks, userVolunteerActivities } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { signedInMember } from './support/factories.ts';
import { multipart } from './support/multipart.ts';
import { refusal } from './support/refusal.ts';
import type { ErrorCode } from '@aesa/shared/error-codes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/api/profile/me/${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const ok = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: unknown) => {
  const res = await call(method, url, headers, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** `message`, or the message and its code where the table's message is made from arguments. */
const fails = async (status: number, expected: string | [string, ErrorCode], method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: unknown) => {
  const res = await call(method, url, headers, payload);
  expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(status);
  const [message, code] = typeof expected === 'string' ? [expected, undefined] : expected;
  expect(res.json(), `${method} ${url} ${JSON.stringify(payload)}`).toEqual(refusal(message, code));
};
const me = async (headers: Headers): Promise<OwnProfile> => (await t.app.inject({ method: 'GET', url: '/api/profile/me', headers })).json().profile;

const project = { title: 'Wind tunnel rig', description: 'A small open-circuit wind tunnel.', start_date: '2025-02-01' };

describe('skills', () => {
  it('adds a skill as Beginner by default, or at the level given', async () => {
    const m = await signedInMember(t.app);
    const body = await ok('POST', 'skills', m.headers, { skill_name: '  MATLAB ' });
    expect(body.skill).toEqual({ id: expect.any(String), skill_name: 'MATLAB', proficiency_level: 'Beginner' });
    expect(body.data).toEqual(body.skill);
    expect((await ok('POST', 'skills', m.headers, { skill_name: 'CATIA', proficiency_level: 'Advanced' })).skill.proficiency_level).toBe('Advanced');
  });

  it('refuses empty, too long and case-insensitively duplicate names with the spec messages', async () => {
    const m = await signedInMember(t.app);
    await ok('POST', 'skills', m.headers, { skill_name: 'Aerodynamics' });
    await fails(400, PROFILE_MSG.skillEmpty, 'POST', 'skills', m.headers, { skill_name: '   ' });
    await fails(400, PROFILE_MSG.skillEmpty, 'POST', 'skills', m.headers, {});
    await fails(400, 'Skill name too long. Maximum 15 characters allowed.', 'POST', 'skills', m.headers, { skill_name: 'x'.repeat(16) });
    await fails(409, [PROFILE_MSG.skillDuplicate, 'SKILL_DUPLICATE'], 'POST', 'skills', m.headers, { skill_name: 'AERODYNAMICS' });
    await fails(400, PROFILE_MSG.proficiencyInvalid, 'POST', 'skills', m.headers, { skill_name: 'CFD', proficiency_level: 'Godlike' });
    expect((await ok('POST', 'skills', m.headers, { skill_name: 'y'.repeat(15) })).skill.skill_name).toHaveLength(15);
    expect((await me(m.headers)).user_skills.map((s) => s.skill_name)).toEqual(['Aerodynamics', 'y'.repeat(15)]);
  });

  it('changes the level or the name of a skill, and refuses a rename onto another skill', async () => {
    const m = await signedInMember(t.app);
    const a = (await ok('POST', 'skills', m.headers, { skill_name: 'Python' })).skill;
    await ok('POST', 'skills', m.headers, { skill_name: 'C++' });
    expect((await ok('PATCH', `skills/${a.id}`, m.headers, { proficiency_level: 'Expert' })).skill).toMatchObject({ skill_name: 'Python', proficiency_level: 'Expert' });
    await fails(409, [PROFILE_MSG.skillDuplicate, 'SKILL_DUPLICATE'], 'PATCH', `skills/${a.id}`, m.headers, { skill_name: 'c++' });
    await ok('DELETE', `skills/${a.id}`, m.headers);
    expect((await me(m.headers)).user_skills.map((s) => s.skill_name)).toEqual(['C++']);
  });

  it(`refuses more than ${PROFILE_CAPS.skills} skills`, async () => {
    const m = await signedInMember(t.app);
    await t.app.db.insert(userSkills).values(Array.from({ length: PROFILE_CAPS.skills }, (_, i) => ({ user_id: m.user.id, skill_name: `Skill ${i}` })));
    await fails(400, [PROFILE_MSG.tooMany('skills', PROFILE_CAPS.skills), 'PROFILE_TOO_MANY_ITEMS'], 'POST', 'skills', m.headers, { skill_name: 'One more' });
  });
});

describe('social links', () => {
  it('adds a link (platform name in any case), answers it as socialLink, and keeps one link per platform', async () => {
    const m = await signedInMember(t.app);
    const body = await ok('POST', 'social-links', m.headers, { platform: 'LinkedIn', url: 'https://www.linkedin.com/in/amaka' });
    expect(body.socialLink).toEqual({ id: expect.any(String), platform_name: 'linkedin', profile_url: 'https://www.linkedin.com/in/amaka' });
    await ok('POST', 'social-links', m.headers, { platform: 'Stack Overflow', url: 'https://stackoverflow.com/users/1' });
    await ok('POST', 'social-links', m.headers, { platform: 'linkedin', url: 'https://www.linkedin.com/in/amaka-new' });
    const links = (await me(m.headers)).user_social_links;
    expect(links.map((l) => [l.platform_name, l.profile_url]).sort()).toEqual([
      ['linkedin', 'https://www.linkedin.com/in/amaka-new'],
      ['stackoverflow', 'https://stackoverflow.com/users/1'],
    ]);
  });

  it('refuses unknown platforms and anything but http(s) links', async () => {
    const m = await signedInMember(t.app);
    await fails(400, PROFILE_MSG.platformInvalid, 'POST', 'social-links', m.headers, { platform: 'myspace', url: 'https://myspace.com/x' });
    await fails(400, PROFILE_MSG.socialUrlRequired, 'POST', 'social-links', m.headers, { platform: 'github', url: '  ' });
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'github.com/me', 'ftp://x.org/f', 'https://exa mple.com']) {
      await fails(400, PROFILE_MSG.webUrlInvalid('The link'), 'POST', 'social-links', m.headers, { platform: 'github', url });
    }
    expect((await me(m.headers)).user_social_links).toEqual([]);
  });

  it('edits and deletes a link', async () => {
    const m = await signedInMember(t.app);
    const link = (await ok('POST', 'social-links', m.headers, { platform: 'twitter', url: 'https://x.com/old' })).socialLink;
    expect((await ok('PATCH', `social-links/${link.id}`, m.headers, { url: 'https://x.com/new' })).socialLink.profile_url).toBe('https://x.com/new');
    await ok('DELETE', `social-links/${link.id}`, m.headers);
    expect((await me(m.headers)).user_social_links).toEqual([]);
  });
});

describe('projects', () => {
  it('adds a project with defaults (status In Progress, public) and answers it as project and data', async () => {
    const m = await signedInMember(t.app);
    const body = await ok('POST', 'projects', m.headers, { ...project, title: '  Wind tunnel rig  ', end_date: '', category: 'Aerospace' });
    expect(body.message).toBe(PROFILE_MSG.projectAdded);
    expect(body.project).toEqual({ id: expect.any(String), ...project, end_date: null, project_url: null, project_image_url: null, category: 'Aerospace', status: 'In Progress', privacy: false });
    expect(body.data).toEqual(body.project);
  });

  it('requires title, description and start date (trimmed) with the spec message', async () => {
    const m = await signedInMember(t.app);
    for (const missing of ['title', 'description', 'start_date'] as const) {
      await fails(400, PROFILE_MSG.projectRequired, 'POST', 'projects', m.headers, { ...project, [missing]: undefined });
      await fails(400, PROFILE_MSG.projectRequired, 'POST', 'projects', m.headers, { ...project, [missing]: '   ' });
    }
    expect((await me(m.headers)).user_project_collaborators).toEqual([]);
  });

  it('validates dates, lists, URLs and lengths', async () => {
    const m = await signedInMember(t.app);
    const cases: [object, string | [string, ErrorCode]][] = [
      [{ start_date: '2025-02-30' }, PROFILE_MSG.dateInvalid('Start date')],
      [{ start_date: '01/02/2025' }, PROFILE_MSG.dateInvalid('Start date')],
      [{ end_date: '2025-01-31' }, [PROFILE_MSG.endBeforeStart, 'PROFILE_END_BEFORE_START']],
      [{ end_date: 'soon' }, PROFILE_MSG.dateInvalid('End date')],
      [{ category: 'Cooking' }, PROFILE_MSG.categoryInvalid],
      [{ status: 'Abandoned' }, PROFILE_MSG.statusInvalid],
      [{ privacy: 'yes' }, PROFILE_MSG.privacyInvalid],
      [{ project_url: 'javascript:alert(document.cookie)' }, PROFILE_MSG.webUrlInvalid('Project URL')],
      [{ project_url: '/relative/path' }, PROFILE_MSG.webUrlInvalid('Project URL')],
      [{ project_image_url: 'javascript:alert(1)' }, PROFILE_MSG.imageUrlInvalid],
      [{ project_image_url: '/uploads/../../etc/passwd' }, PROFILE_MSG.imageUrlInvalid],
      [{ project_image_url: 'data:image/png;base64,AAAA' }, PROFILE_MSG.imageUrlInvalid],
      [{ title: 't'.repeat(LIMITS.titleMax + 1) }, PROFILE_MSG.tooLong('Title', LIMITS.titleMax)],
      [{ description: 'd'.repeat(LIMITS.textMax + 1) }, PROFILE_MSG.tooLong('Description', LIMITS.textMax)],
    ];
    for (const [patch, message] of cases) await fails(400, message, 'POST', 'projects', m.headers, { ...project, ...patch });
    expect((await me(m.headers)).user_project_collaborators).toEqual([]);
    // Accepted: same-day end, a web link, one of our upload paths, every category and status.
    const good = await ok('POST', 'projects', m.headers, {
      ...project,
      end_date: project.start_date,
      project_url: 'https://github.com/aesa/tunnel',
      project_image_url: '/uploads/projects/0b6f4c4e-8a34-4f8e-9d7a-1c2b3d4e5f60.webp',
      category: 'Research',
      status: 'Completed',
      privacy: true,
    });
    expect(good.project).toMatchObject({ status: 'Completed', privacy: true, category: 'Research' });
    expect((await ok('PATCH', `projects/${good.project.id}`, m.headers, { category: '' })).project.category).toBeNull();
  });

  it('edits only the fields sent, clears an optional one with null, and checks dates against the stored ones', async () => {
    const m = await signedInMember(t.app);
    const p = (await ok('POST', 'projects', m.headers, { ...project, end_date: '2025-06-01', project_url: 'https://example.com' })).project;
    const edited = await ok('PATCH', `projects/${p.id}`, m.headers, { title: 'Renamed rig', project_url: null });
    expect(edited.message).toBe(PROFILE_MSG.projectUpdated);
    expect(edited.project).toMatchObject({ title: 'Renamed rig', description: project.description, end_date: '2025-06-01', project_url: null });
    await fails(400, [PROFILE_MSG.endBeforeStart, 'PROFILE_END_BEFORE_START'], 'PATCH', `projects/${p.id}`, m.headers, { start_date: '2025-07-01' });
    await fails(400, PROFILE_MSG.projectRequired, 'PATCH', `projects/${p.id}`, m.headers, { title: '' });
    await fails(400, [PROFILE_MSG.nothingToUpdate, 'PROFILE_NOTHING_TO_UPDATE'], 'PATCH', `projects/${p.id}`, m.headers, { user_id: m.user.id });
    const [row] = await t.app.db.select().from(userProjects).where(eq(userProjects.id, p.id));
    expect(row).toMatchObject({ title: 'Renamed rig', start_date: '2025-02-01' });
    expect((await ok('DELETE', `projects/${p.id}`, m.headers)).message).toBe(PROFILE_MSG.projectDeleted);
    await fails(404, [PROFILE_MSG.projectNotFound, 'PROJECT_NOT_FOUND'], 'DELETE', `projects/${p.id}`, m.headers);
  });

  it(`refuses more than ${PROFILE_CAPS.items} projects`, async () => {
    const m = await signedInMember(t.app);
    await t.app.db.insert(userProjects).values(Array.from({ length: PROFILE_CAPS.items }, (_, i) => ({ user_id: m.user.id, ...project, title: `P${i}` })));
    await fails(400, [PROFILE_MSG.tooMany('projects', PROFILE_CAPS.items), 'PROFILE_TOO_MANY_ITEMS'], 'POST', 'projects', m.headers, project);
  });
});

describe('achievements and volunteer activities', () => {
  it('requires an achievement title and date ("Please fill in all required fields")', async () => {
    const m = await signedInMember(t.app);
    await fails(400, PROFILE_MSG.achievementRequired, 'POST', 'achievements', m.headers, { date_achieved: '2025-01-01' });
    await fails(400, PROFILE_MSG.achievementRequired, 'POST', 'achievements', m.headers, { title: 'Best paper' });
    await fails(400, PROFILE_MSG.achievementRequired, 'POST', 'achievements', m.headers, { title: ' ', date_achieved: '2025-01-01' });
    await fails(400, PROFILE_MSG.imageUrlInvalid, 'POST', 'achievements', m.headers, { title: 'Best paper', date_achieved: '2025-01-01', achievement_image_url: 'javascript:x' });
    const body = await ok('POST', 'achievements', m.headers, { title: 'Best paper', date_achieved: '2025-01-01', description: '' });
    expect(body.achievement).toEqual({ id: expect.any(String), title: 'Best paper', description: null, date_achieved: '2025-01-01', achievement_image_url: null, privacy: false });
    expect(body.data).toEqual(body.achievement);
    expect((await ok('PATCH', `achievements/${body.achievement.id}`, m.headers, { privacy: true })).achievement.privacy).toBe(true);
    expect((await ok('DELETE', `achievements/${body.achievement.id}`, m.headers)).message).toBe(PROFILE_MSG.achievementDeleted);
  });

  it('requires an activity name ("Please fill in the activity name") and keeps its dates in order', async () => {
    const m = await signedInMember(t.app);
    await fails(400, PROFILE_MSG.activityRequired, 'POST', 'volunteer-activities', m.headers, { organization: 'Red Cross' });
    await fails(400, PROFILE_MSG.activityRequired, 'POST', 'volunteer-activities', m.headers, { activity_name: '' });
    await fails(400, [PROFILE_MSG.endBeforeStart, 'PROFILE_END_BEFORE_START'], 'POST', 'volunteer-activities', m.headers, { activity_name: 'STEM day', start_date: '2025-03-02', end_date: '2025-03-01' });
    const body = await ok('POST', 'volunteer-activities', m.headers, { activity_name: 'STEM day', organization: 'Red Cross', start_date: '2025-03-01' });
    expect(body.activity).toEqual({
      id: expect.any(String),
      activity_name: 'STEM day',
      organization: 'Red Cross',
      description: null,
      start_date: '2025-03-01',
      end_date: null,
      activity_image_url: null,
      privacy: false,
    });
    expect(body.data).toEqual(body.activity);
    await fails(400, [PROFILE_MSG.endBeforeStart, 'PROFILE_END_BEFORE_START'], 'PATCH', `volunteer-activities/${body.activity.id}`, m.headers, { end_date: '2025-02-01' });
    expect((await ok('PATCH', `volunteer-activities/${body.activity.id}`, m.headers, { end_date: '2025-03-05' })).activity.end_date).toBe('2025-03-05');
    expect((await ok('DELETE', `volunteer-activities/${body.activity.id}`, m.headers)).message).toBe(PROFILE_MSG.activityDeleted);
  });
});

describe('ownership: nobody writes another member\'s profile', () => {
  it('answers 401 to a visitor on every write route', async () => {
    const routes: ['POST' | 'PATCH' | 'DELETE', string][] = [
      ['PATCH', ''],
      ...(['skills', 'social-links', 'projects', 'achievements', 'volunteer-activities'] as const).flatMap((c) => [
        ['POST', c] as ['POST', string],
        ['PATCH', `${c}/00000000-0000-4000-8000-000000000000`] as ['PATCH', string],
        ['DELETE', `${c}/00000000-0000-4000-8000-000000000000`] as ['DELETE', string],
      ]),
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method, url: `/api/profile/me${url ? `/${url}` : ''}`, payload: { title: 'x' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 404 (not 403) to another member on every PATCH and DELETE of the owner\'s items, and nothing changes', async () => {
    const owner = await signedInMember(t.app);
    const intruder = await signedInMember(t.app);
    const ids = {
      skills: (await ok('POST', 'skills', owner.headers, { skill_name: 'Avionics' })).skill.id,
      'social-links': (await ok('POST', 'social-links', owner.headers, { platform: 'github', url: 'https://github.com/owner' })).socialLink.id,
      projects: (await ok('POST', 'projects', owner.headers, { ...project, privacy: true })).project.id,
      achievements: (await ok('POST', 'achievements', owner.headers, { title: 'Dean\'s list', date_achieved: '2024-12-01' })).achievement.id,
      'volunteer-activities': (await ok('POST', 'volunteer-activities', owner.headers, { activity_name: 'Campus clean-up' })).activity.id,
    };
    const before = await me(owner.headers);
    const edits: Record<keyof typeof ids, object> = {
      skills: { proficiency_level: 'Expert' },
      'social-links': { url: 'https://github.com/intruder' },
      projects: { title: 'Defaced' },
      achievements: { title: 'Defaced' },
      'volunteer-activities': { activity_name: 'Defaced' },
    };
    const notFoundMessage: Record<keyof typeof ids, string> = {
      skills: PROFILE_MSG.skillNotFound,
      'social-links': PROFILE_MSG.socialLinkNotFound,
      projects: PROFILE_MSG.projectNotFound,
      achievements: PROFILE_MSG.achievementNotFound,
      'volunteer-activities': PROFILE_MSG.activityNotFound,
    };
    for (const [collection, id] of Object.entries(ids) as [keyof typeof ids, string][]) {
      const patch = await call('PATCH', `${collection}/${id}`, intruder.headers, edits[collection]);
      expect(patch.statusCode, `PATCH ${collection}`).toBe(404);
      const del = await call('DELETE', `${collection}/${id}`, intruder.headers);
      expect(del.statusCode, `DELETE ${collection}`).toBe(404);
      expect(del.json().error).toBe(notFoundMessage[collection]);
      expect(patch.json().error).toBe(notFoundMessage[collection]);
      // The same answer as for an id that does not exist at all.
      const unknown = await call('DELETE', `${collection}/00000000-0000-4000-8000-000000000000`, intruder.headers);
      expect(del.json()).toEqual(unknown.json());
      expect((await call('DELETE', `${collection}/not-an-id`, intruder.headers)).statusCode).toBe(404);
    }
    expect(await me(owner.headers)).toEqual(before);
  });

  it('creates items only on the caller\'s own profile, whatever user_id or id the body carries', async () => {
    const owner = await signedInMember(t.app);
    const intruder = await signedInMember(t.app);
    const body = await ok('POST', 'projects', intruder.headers, { ...project, user_id: owner.user.id, id: '00000000-0000-4000-8000-000000000001' });
    expect(body.project.id).not.toBe('00000000-0000-4000-8000-000000000001');
    const [row] = await t.app.db.select().from(userProjects).where(eq(userProjects.id, body.project.id));
    expect(row!.user_id).toBe(intruder.user.id);
    await ok('POST', 'skills', intruder.headers, { skill_name: 'Rocketry', user_id: owner.user.id });
    await ok('POST', 'social-links', intruder.headers, { platform: 'medium', url: 'https://medium.com/@x', user_id: owner.user.id });
    await ok('POST', 'achievements', intruder.headers, { title: 'A', date_achieved: '2025-01-01', user_id: owner.user.id });
    await ok('POST', 'volunteer-activities', intruder.headers, { activity_name: 'B', user_id: owner.user.id });
    for (const table of [userProjects, userSkills, userSocialLinks, userAchievements, userVolunteerActivities]) {
      expect(await t.app.db.select().from(table).where(eq(table.user_id, owner.user.id))).toEqual([]);
    }
  });
});

describe('item images', () => {
  const photo = () => sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
  async function uploadDataImage(headers: Headers, type: string): Promise<string> {
    const body = multipart([{ name: 'type', data: type }, { name: 'file', filename: 'p.png', contentType: 'image/png', data: await photo() }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/me/upload/data-image', headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().url;
  }
  const onDisk = (url: string) => fs.existsSync(path.join(t.config.uploadDir, url.replace('/uploads/', '')));

  it('removes the old file when a project image is replaced, and the file when the project is deleted', async () => {
    const m = await signedInMember(t.app);
    const first = await uploadDataImage(m.headers, 'projects');
    const p = (await ok('POST', 'projects', m.headers, { ...project, project_image_url: first })).project;
    expect(onDisk(first)).toBe(true);
    const second = await uploadDataImage(m.headers, 'projects');
    await ok('PATCH', `projects/${p.id}`, m.headers, { project_image_url: second });
    expect(onDisk(first)).toBe(false);
    expect(onDisk(second)).toBe(true);
    await ok('DELETE', `projects/${p.id}`, m.headers);
    expect(onDisk(second)).toBe(false);
  });

  it('removes achievement and activity images with their items, but keeps a file another item still shows', async () => {
    const m = await signedInMember(t.app);
    const shared = await uploadDataImage(m.headers, 'achievements');
    const a = (await ok('POST', 'achievements', m.headers, { title: 'Prize', date_achieved: '2025-01-01', achievement_image_url: shared })).achievement;
    const v = (await ok('POST', 'volunteer-activities', m.headers, { activity_name: 'Tutoring', activity_image_url: shared })).activity;
    await ok('DELETE', `achievements/${a.id}`, m.headers);
    expect(onDisk(shared)).toBe(true);
    await ok('PATCH', `volunteer-activities/${v.id}`, m.headers, { activity_image_url: null });
    expect(onDisk(shared)).toBe(false);
  });

  it('never removes another member\'s file, even when the item pointed at it', async () => {
    const owner = await signedInMember(t.app);
    const copycat = await signedInMember(t.app);
    const url = await uploadDataImage(owner.headers, 'projects');
    const p = (await ok('POST', 'projects', copycat.headers, { ...project, project_image_url: url })).project;
    await ok('DELETE', `projects/${p.id}`, copycat.headers);
    expect(onDisk(url)).toBe(true);
  });
});
