import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

async function config(overrides: Parameters<typeof createTestApp>[0]) {
  const t = await createTestApp(overrides);
  apps.push(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/config' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/config', () => {
  it('names the association and its contacts, and points to the outbox page while no mail server is set', async () => {
    const body = await config({ associationName: 'AESA Test', smtpUrl: undefined, production: false });
    expect(body).toMatchObject({ success: true, association_name: 'AESA Test', dev_mail_url: '/dev/mail' });
    expect(Object.keys(body.contact).sort()).toEqual(['address', 'email', 'phone']);
  });

  it('has no outbox link once mail is really sent, nor in production', async () => {
    expect((await config({ smtpUrl: 'smtp://127.0.0.1:2525', production: false })).dev_mail_url).toBeNull();
    expect((await config({ smtpUrl: undefined, production: true })).dev_mail_url).toBeNull();
  });
});
