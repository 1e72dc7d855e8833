import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema.ts';
import { loadConfig } from '../src/config.ts';
import { issueSetupLink } from '../src/modules/setup/setup.service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { useTestAppWithMail } from './support/use-test-app.ts';

// The dev mailbox holds live set-password and reset links: only the operator's own browser (a
// direct loopback request) may read it, only while no mail server is set and outside production.
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));
async function app(...args: Parameters<typeof createTestApp>) {
  const t = await createTestApp(...args);
  apps.push(t);
  return t;
}

const STRANGER = '192.0.2.77';
const signup = (t: TestApp, n: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress: `10.9.0.${n.length}`, payload: { email: `${n}@example.test`, matric_number: `DEV/${n}` } });
const latestLinkToken = async (t: TestApp) => {
  const [row] = await t.app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.created_at)).limit(1);
  return /token=([A-Za-z0-9_-]+)/.exec(row!.text_body ?? '')![1]!;
};

describe('/dev/mail', () => {
  it('shows the outbox to a direct loopback request, and a 404 without any mail to everyone else', async () => {
    const t = await app();
    expect((await signup(t, 'kept')).statusCode).toBe(200);
    const token = await latestLinkToken(t);

    const own = await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '127.0.0.1' });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(token);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '::1' })).statusCode).toBe(200);

    const refused = [
      await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: STRANGER }),
      await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } }),
      await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '127.0.0.1', headers: { forwarded: 'for=127.0.0.1' } }),
      await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '127.0.0.1' } }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(token);
      expect(res.body).not.toContain('kept@example.test');
    }
  });

  it('trusting the sender as a proxy never makes a forwarded stranger look local', async () => {
    const t = await app({ trustProxy: ['loopback', '192.0.2.0/24'] });
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: STRANGER, headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(res.statusCode).toBe(404);
  });

  it('does not exist with DEV_MAIL=false, in production, or with a mail server, even for loopback', async () => {
    const off = loadConfig({ DEV_MAIL: 'false' }).devMail;
    expect(off).toBe(false);
    for (const overrides of [{ devMail: off }, { production: true }, { smtpUrl: 'smtp://127.0.0.1:9' }]) {
      const t = await app(overrides);
      expect((await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '127.0.0.1' })).statusCode, JSON.stringify(overrides)).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '127.0.0.1' })).json().dev_mail_url).toBeNull();
    }
  });

  it('/api/config points only the operator\'s own browser to the outbox, and no shared cache keeps that', async () => {
    const t = await app();
    const own = await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '127.0.0.1' });
    expect(own.json().dev_mail_url).toBe('/dev/mail');
    expect(own.headers['cache-control']).toBe('private, no-cache');
    const stranger = await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: STRANGER });
    const proxied = await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(stranger.json().dev_mail_url).toBeNull();
    expect(proxied.json().dev_mail_url).toBeNull();
  });
});

describe('the outbox after SMTP', () => {
  const { t, smtp: sink } = useTestAppWithMail();

  it('keeps recipient, subject, status and times of a sent message, but not its text or links', async () => {
    expect((await signup(t, 'sent')).statusCode).toBe(200);
    const mail = await sink.waitFor('sent@example.test');
    expect(mail.text).toContain('token=');
    await expect.poll(async () => (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'sent@example.test')))[0]?.status, { timeout: 10_000 }).toBe('sent');
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'sent@example.test'));
    expect(row).toMatchObject({ status: 'sent', subject: mail.subject, text_body: null });
    expect(row!.sent_at).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain('token');
  });
});

describe('logs', () => {
  it('never carry a one-time token, at trace level, whatever URL or flow carries it', async () => {
    let log = '';
    const logStream = new Writable({ write: (chunk, _enc, done) => void ((log += String(chunk)), done()) });
    const t = await app({ logLevel: 'trace' }, { logStream });
    const tokens: string[] = [];

    expect((await signup(t, 'logged')).statusCode).toBe(200);
    tokens.push(await latestLinkToken(t));
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${tokens[0]}` });
    await t.app.inject({ method: 'GET', url: `/api/unknown?token=${tokens[0]}&page=1` });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password-confirm', payload: { token: tokens[0], new_password: 'a-long-new-password-1' } })).statusCode).toBe(200);
    // A used token, refused: the error path logs too.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password-confirm', payload: { token: tokens[0], new_password: 'a-long-new-password-2' } })).statusCode).toBe(400);

    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'logged@example.test' } });
    await expect.poll(async () => (await t.app.db.select().from(mailOutbox)).length).toBe(2);
    tokens.push(await latestLinkToken(t));
    await t.app.inject({ method: 'GET', url: `/reset-password?x=1&TOKEN=${tokens[1]}` });

    const setupLink = await issueSetupLink(t.app.db, t.config);
    tokens.push(new URL(setupLink!).searchParams.get('token')!);
    await t.app.inject({ method: 'GET', url: `/api/setup/status?token=${tokens[2]}` });
    await t.app.inject({ method: 'GET', url: `/setup?token=${tokens[2]}` });

    // The log did record these requests (so the check below is not vacuous)...
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/api/setup/status?token=[redacted]');
    // ...and no token, whole or as its first half.
    for (const token of tokens) {
      expect(token.length).toBeGreaterThan(20);
      expect(log).not.toContain(token.slice(0, 16));
    }
  });
});
