import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';
import { signedInAdmin } from '../test/support/factories.ts';
import { useTestAppWithMail } from '../test/support/use-test-app.ts';
import { listenForStrangers, listenOnAllAddresses, rawRequest } from './support/stranger.ts';

// The account-takeover chain through the dev mailbox, tried by a stranger on the network: ask for
// the super admin's password reset, then read the link from /dev/mail or learn where it is from
// /api/config. Every step must give the stranger nothing.

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

async function listening(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(overrides);
  apps.push(t);
  return { t, port: await listenOnAllAddresses(t.app) };
}

const resetToken = (text: string | null) => /token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];

describe('the dev mailbox seen from the network', () => {
  let t: TestApp;
  let port: number;
  let adminEmail: string;
  let token: string;

  beforeAll(async () => {
    ({ t, port } = await listening());
    adminEmail = (await signedInAdmin(t.app, ['is_super_admin'])).user.email;
    const asked = await rawRequest(port, { method: 'POST', path: '/api/auth/forgot-password', body: { email: adminEmail } });
    expect(asked.status).toBe(200);
    // The reset mail is queued after the answer (the same answer whether or not the account exists).
    for (let i = 0; i < 100 && !token; i++) {
      const [mail] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, adminEmail));
      token = resetToken(mail?.text_body ?? null) ?? '';
      if (!token) await new Promise((r) => setTimeout(r, 50));
    }
    expect(token).toBeTruthy();
  });

  // Other spellings are other addresses (the site's own pages answer them); none carries mail.
  it('a stranger gets a 404 with no mail on /dev/mail, and no mail however the address is spelled', async () => {
    for (const [method, path] of [['GET', '/dev/mail'], ['HEAD', '/dev/mail'], ['GET', '/dev/mail?all=1'], ['GET', '/dev/mail/'], ['GET', '/DEV/MAIL'], ['GET', '/dev//mail'], ['GET', '/dev/%6dail']] as const) {
      const res = await rawRequest(port, { method, path });
      expect(res.body, `${method} ${path}`).not.toContain(token);
      expect(res.body, `${method} ${path}`).not.toContain(adminEmail);
    }
    expect((await rawRequest(port, { path: '/dev/mail' })).status).toBe(404);
  });

  // A Host of another name on a loopback connection is a page elsewhere using the operator's own
  // browser (DNS rebinding).
  it('forged forwarding headers, or another host name, from loopback get the same 404', async () => {
    for (const headers of [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }, { 'x-forwarded-host': 'localhost' }, { host: `evil.example:${port}` }] as Record<string, string>[]) {
      const res = await rawRequest(port, { path: '/dev/mail', headers, from: 'loopback' });
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(res.body).not.toContain(token);
    }
  });

  it('/api/config does not point a stranger to the outbox', async () => {
    const res = await rawRequest(port, { path: '/api/config' });
    expect(res.status).toBe(200);
    expect(res.json().dev_mail_url).toBeNull();
    expect(res.headers['cache-control']).toContain('private');
  });

  it('the operator on this machine still reads it (the refusals above are about the address)', async () => {
    const own = await rawRequest(port, { path: '/dev/mail', from: 'loopback' });
    expect(own.status).toBe(200);
    expect(own.body).toContain(token);
    expect((await rawRequest(port, { path: '/api/config', from: 'loopback' })).json().dev_mail_url).toBe('/dev/mail');
  });
});

describe('with a mail server', () => {
  const { t, smtp: sink } = useTestAppWithMail();
  const tcp = listenForStrangers(t);

  it('the outbox forgets the text once sent, and /dev/mail is gone even for loopback', async () => {
    const adminEmail = (await signedInAdmin(t.app, ['is_super_admin'])).user.email;
    expect((await rawRequest(tcp.port, { method: 'POST', path: '/api/auth/forgot-password', body: { email: adminEmail } })).status).toBe(200);
    const mail = await sink.waitFor(adminEmail);
    const token = resetToken(mail.text)!;
    await expect.poll(async () => (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, adminEmail)))[0]?.status, { timeout: 10_000 }).toBe('sent');
    const rows = await t.app.db.select().from(mailOutbox);
    expect(JSON.stringify(rows)).not.toContain(token);
    for (const from of ['stranger', 'loopback'] as const) {
      const res = await rawRequest(tcp.port, { path: '/dev/mail', from });
      expect(res.status, from).toBe(404);
      expect(res.body).not.toContain(token);
    }
  });
});
