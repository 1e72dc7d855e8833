import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
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

  it("gives the site's own address, the one members subscribe to and share", async () => {
    expect((await config({ publicUrl: 'https://aesa.example' })).public_url).toBe('https://aesa.example');
  });

  it('has no outbox link once mail is really sent, nor in production', async () => {
    expect((await config({ smtpUrl: 'smtp://127.0.0.1:2525', production: false })).dev_mail_url).toBeNull();
    expect((await config({ smtpUrl: undefined, production: true })).dev_mail_url).toBeNull();
  });
});

describe('LOCALE and TIME_ZONE', () => {
  it('are passed to the pages, en-GB in West Africa Time unless set', async () => {
    expect(await config({})).toMatchObject({ locale: 'en-GB', time_zone: 'Africa/Lagos' });
    expect(await config({ locale: 'fr-FR', timeZone: 'Europe/Paris' })).toMatchObject({ locale: 'fr-FR', time_zone: 'Europe/Paris' });
    expect(loadConfig({ LOCALE: 'de-DE', TIME_ZONE: 'America/New_York' })).toMatchObject({ locale: 'de-DE', timeZone: 'America/New_York' });
  });

  it('stop the start with one line naming the variable on a value that is not a zone or a locale', () => {
    for (const zone of ['Mars/Olympus_Mons', 'GMT+25', ' ']) {
      expect(() => loadConfig({ TIME_ZONE: zone }), zone).toThrow(/^Invalid configuration: TIME_ZONE must be an IANA time zone such as Africa\/Lagos \(got ".*"\)$/);
    }
    expect(() => loadConfig({ LOCALE: 'not a locale' })).toThrow(/^Invalid configuration: LOCALE must be a locale tag such as en-GB/);
  });
});
