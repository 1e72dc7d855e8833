import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { AESA_ROLES, ENROLLMENT_YEARS, LEVELS, POSITIONS, SKILLS } from '@aesa/shared/constants';
import type { ExecutivesResponse, MembersResponse } from '@aesa/shared/members';
import type { PublicProfile } from '@aesa/shared/profile';
import { seedDemo } from '../src/db/seed/index.ts';
import { type PrintedDemoLogins, seedDemoAndReadLogins } from './support/demo-seed.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { login } from './support/factories.ts';

let t: TestApp;
let logins: PrintedDemoLogins;
beforeAll(async () => {
  t = await createTestApp();
  logins = await seedDemoAndReadLogins(t.app);
}, 120_000);
afterAll(() => t.close());

const column = async (query: ReturnType<typeof sql>) => (await t.app.db.execute<{ v: string }>(query)).rows.map((r) => String(r.v));

describe('demo members seed', () => {
  it('lists at least 60 members in the directory, across every level, year, role and skill', async () => {
    const dir: MembersResponse = (await t.app.inject({ method: 'GET', url: '/api/members?limit=100' })).json();
    expect(dir.total).toBeGreaterThanOrEqual(60);
    expect(new Set(await column(sql`select distinct current_level as v from users where current_level is not null`))).toEqual(new Set(LEVELS));
    expect(new Set(await column(sql`select distinct enrollment_year as v from users where enrollment_year is not null`))).toEqual(new Set(ENROLLMENT_YEARS.map(String)));
    const roles = new Set(await column(sql`select distinct role_name as v from member_roles where is_current`));
    for (const role of AESA_ROLES) expect(roles.has(role), role).toBe(true);
    const skills = new Set(await column(sql`select distinct skill_name as v from user_skills`));
    for (const skill of SKILLS) expect(skills.has(skill), skill).toBe(true);
  });

  it('has private items, unverified memberships and members without a picture', async () => {
    for (const table of ['user_projects', 'user_achievements', 'user_volunteer_activities']) {
      const [row] = await column(sql`select count(*) filter (where privacy) || '/' || count(*) filter (where not privacy) as v from ${sql.identifier(table)}`);
      const [priv, pub] = row!.split('/').map(Number);
      expect(priv, table).toBeGreaterThan(0);
      expect(pub, table).toBeGreaterThan(0);
    }
    expect(Number((await column(sql`select count(*) as v from member_roles where not verified_by_admin`))[0])).toBeGreaterThan(0);
    expect(Number((await column(sql`select count(*) as v from users where profile_image_url is null`))[0])).toBeGreaterThan(0);
  });

  it('stores real WebP avatars in the upload directory, tracked in uploads, and serves them', async () => {
    const rows = (await t.app.db.execute<{ url: string; path: string }>(sql`select u.profile_image_url as url, up.path from users u join uploads up on up.user_id = u.id`)).rows;
    expect(rows.length).toBeGreaterThanOrEqual(40);
    for (const r of rows.slice(0, 5)) {
      expect(r.url).toBe(`/uploads/${r.path}`);
      const file = path.join(t.config.uploadDir, r.path);
      expect((await sharp(fs.readFileSync(file)).metadata()).format).toBe('webp');
      expect((await t.app.inject({ method: 'GET', url: r.url })).statusCode).toBe(200);
    }
  });

  it('seats all ten executives as current holders whose roles say so', async () => {
    const body: ExecutivesResponse = (await t.app.inject({ method: 'GET', url: '/api/executives' })).json();
    expect(body.data.map((e) => e.position)).toEqual([...POSITIONS]);
    for (const e of body.data) {
      const profile: PublicProfile = (await t.app.inject({ method: 'GET', url: `/api/profile/${e.user.id}` })).json().profile;
      expect(profile.member_roles.some((r) => r.role_name === e.position && r.is_current && r.verified_by_admin), e.position).toBe(true);
    }
    // Past holders are kept as history but not shown as current.
    expect(Number((await column(sql`select count(*) as v from executives where not is_current`))[0])).toBe(2);
  });

  it('lets a demo member log in with the printed demo password', async () => {
    const [matric] = await column(sql`select matric_number as v from users where user_type = 'student' order by name limit 1`);
    await expect(login(t.app, matric!, logins.memberPassword)).resolves.toBeTruthy();
  });

  it('does nothing on a database that already has users', async () => {
    const before = await column(sql`select count(*) as v from users`);
    await seedDemo(t.app, () => {});
    expect(await column(sql`select count(*) as v from users`)).toEqual(before);
  });
});
