import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/index.ts';
import { type PrintedDemoLogins, seedDemoAndReadLogins } from './support/demo-seed.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { login } from './support/factories.ts';

let t: TestApp;
let logins: PrintedDemoLogins;
beforeAll(async () => {
  t = await createTestApp();
  logins = await seedDemoAndReadLogins(t.app);
  await seedDemo(t.app, () => {}); // a restart seeds nothing twice
});
afterAll(() => t.close());

describe('demo data of the administration area', () => {
  it('has events, a published article with its PDF, reviewable submissions and one role per module', async () => {
    const upcoming = (await t.app.inject({ method: 'GET', url: '/api/events' })).json().data;
    expect(upcoming.map((e: { title: string }) => e.title)).toEqual(['Drone Building Workshop', 'AESA Annual Lecture: Nigeria in Space', 'Wind Tunnel Open Day']);
    const published = (await t.app.inject({ method: 'GET', url: '/api/articles' })).json().data;
    expect(published).toHaveLength(1);
    expect(published[0].author.name.length).toBeGreaterThan(0);
    expect(JSON.stringify(published[0].author)).not.toContain('@'); // no e-mail in public data

    const headers = { authorization: `Bearer ${await login(t.app, logins.admin.matric, logins.admin.password)}` };
    const subs = (await t.app.inject({ method: 'GET', url: '/api/admin/editorial/article-submissions?limit=50&offset=0', headers })).json();
    expect(subs.total).toBe(3);
    const file = await t.app.inject({ method: 'GET', url: subs.submissions[0].file_url, headers });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const roles = (await t.app.inject({ method: 'GET', url: '/api/admin/roles', headers })).json().roles;
    expect(roles.map((r: { role_name: string }) => r.role_name).sort()).toEqual(['Communications', 'Editorial Board', 'Electoral Committee', 'Events Team', 'Records Office', 'Super Admin', 'Treasury']);
  });
});
