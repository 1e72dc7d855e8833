import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROFILE_MSG, type OwnProfile, type PublicProfile } from '@aesa/shared/profile';
import { memberRoles, users } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { signedInAdmin, signedInMember } from './support/factories.ts';
import { allKeys, insertDirectoryMembers, SECRET_KEYS } from './support/members-data.ts';
import { refusal } from './support/refusal.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInMember>>;
let other: Awaited<ReturnType<typeof signedInMember>>;

const post = (url: string, payload: object, headers = owner.headers) => t.app.inject({ method: 'POST', url, payload, headers });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInMember(t.app, { name: 'Kelechi Nwankwo', current_level: '400 Level', enrollment_year: 2021 });
  other = await signedInMember(t.app, { name: 'Other Member' });
  await t.app.db.update(users).set({ phone_number: '+2348012345678', bio: 'Flight dynamics enthusiast.' }).where(eq(users.id, owner.user.id));
  await t.app.db.insert(memberRoles).values({ user_id: owner.user.id, role_name: 'Former Treasurer', is_current: false, verified_by_admin: true });
  // One public and one private item in every section, through the API.
  for (const privacy of [false, true]) {
    const tag = privacy ? 'Private' : 'Public';
    expect((await post('/api/profile/me/projects', { title: `${tag} glider`, description: 'A balsa glider.', start_date: '2025-01-10', privacy })).statusCode).toBe(200);
    expect((await post('/api/profile/me/achievements', { title: `${tag} award`, date_achieved: '2025-05-01', privacy })).statusCode).toBe(200);
    expect((await post('/api/profile/me/volunteer-activities', { activity_name: `${tag} outreach`, privacy })).statusCode).toBe(200);
  }
  expect((await post('/api/profile/me/skills', { skill_name: 'CFD' })).statusCode).toBe(200);
  expect((await post('/api/profile/me/social-links', { platform: 'github', url: 'https://github.com/kelechi' })).statusCode).toBe(200);
});
afterAll(() => t.close());

const view = (id: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/profile/${id}`, headers });

describe('GET /api/profile/{id}: the public view', () => {
  it('shows the profile with public items only', async () => {
    const res = await view(owner.user.id);
    expect(res.statusCode).toBe(200);
    const p: PublicProfile = res.json().profile;
    expect(res.json().success).toBe(true);
    expect(p).toMatchObject({ id: owner.user.id, name: 'Kelechi Nwankwo', bio: 'Flight dynamics enthusiast.', current_level: '400 Level', enrollment_year: 2021, matric_number: owner.user.matric_number });
    expect(p.user_project_collaborators.map((c) => c.user_projects.title)).toEqual(['Public glider']);
    expect(p.user_project_collaborators[0]!.user_projects).toMatchObject({ status: 'In Progress', privacy: false, start_date: '2025-01-10', end_date: null });
    expect(p.user_achievements.map((a) => a.title)).toEqual(['Public award']);
    expect(p.user_volunteer_activities.map((a) => a.activity_name)).toEqual(['Public outreach']);
    expect(p.user_skills).toEqual([{ id: expect.any(String), skill_name: 'CFD', proficiency_level: 'Beginner' }]);
    expect(p.user_social_links).toEqual([{ id: expect.any(String), platform_name: 'github', profile_url: 'https://github.com/kelechi' }]);
    expect(p.member_roles.map((r) => [r.role_name, r.is_current])).toEqual([
      ['Members', true],
      ['Former Treasurer', false],
    ]);
  });

  it('never carries e-mail, phone or password data, whoever asks (visitor, another member, an admin, the owner)', async () => {
    const admin = await signedInAdmin(t.app, ['is_super_admin']);
    for (const headers of [{}, other.headers, admin.headers, owner.headers]) {
      const res = await view(owner.user.id, headers);
      expect(res.statusCode).toBe(200);
      const keys = allKeys(res.json());
      for (const secret of SECRET_KEYS) expect(keys.has(secret), secret).toBe(false);
      expect(res.body).not.toContain('Private');
      expect(res.body).not.toContain(owner.user.email);
      expect(res.body).not.toContain('2348012345678');
    }
  });

  it('answers 404 Profile not found for an unknown id, a malformed id and an account that was never activated', async () => {
    const [pending] = await insertDirectoryMembers(t.app, [{ name: 'Never Activated', activated: false }]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1', pending!.id]) {
      const res = await view(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(refusal(PROFILE_MSG.profileNotFound, 'PROFILE_NOT_FOUND'));
    }
  });
});

describe('GET /api/profile/me: the owner view', () => {
  it('requires a signed-in member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/me' });
    expect(res.statusCode).toBe(401);
  });

  it('shows everything to the owner: private items, e-mail, phone, and no password data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/me', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const p: OwnProfile = res.json().profile;
    expect(p.email).toBe(owner.user.email);
    expect(p.phone_number).toBe('+2348012345678');
    expect(p.admin_type).toBeNull();
    expect(p.user_project_collaborators.map((c) => c.user_projects.title).sort()).toEqual(['Private glider', 'Public glider']);
    expect(p.user_achievements.map((a) => a.title).sort()).toEqual(['Private award', 'Public award']);
    expect(p.user_volunteer_activities.map((a) => a.activity_name).sort()).toEqual(['Private outreach', 'Public outreach']);
    expect(p.user_achievements.find((a) => a.title === 'Private award')!.privacy).toBe(true);
    const keys = allKeys(res.json());
    for (const secret of ['password_hash', 'password', 'token', 'token_hash']) expect(keys.has(secret), secret).toBe(false);
  });

  it('tells an admin that they are one (for the Admin Dashboard link)', async () => {
    const admin = await signedInAdmin(t.app, ['is_electoral_admin']);
    const p: OwnProfile = (await t.app.inject({ method: 'GET', url: '/api/profile/me', headers: admin.headers })).json().profile;
    expect(p.admin_type).toBe('admin');
    expect(p.admin_role).toBe(admin.role.role_name);
  });

  it('shows another member nothing of the owner on their own /me', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/me', headers: other.headers });
    const p: OwnProfile = res.json().profile;
    expect(p.id).toBe(other.user.id);
    expect(p.user_project_collaborators).toEqual([]);
  });
});
