import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, gt, max } from 'drizzle-orm';
import { SERVER_MSG } from '@aesa/shared/messages';
import { loadConfig } from '../src/config.ts';
import { auditLog } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';
import { signedInAdmin } from '../test/support/factories.ts';
import { DIRECTORY_RATE_LIMIT } from '../src/modules/members/members.routes.ts';
import { listenOnAllAddresses, rawRequest, strangerAddress, strangerFlood, type RawRequest } from './support/stranger.ts';

// Attack: a client that reaches the app directly writes its own X-Forwarded-For, hoping that the
// app takes it for the client's address: every forged address would get a fresh per-address
// limit (unlimited password-reset mail, login tries), and the audit log would record a lie.
// Over real TCP from the stranger's own network namespace (support/netns.ts): its address is on
// a private network (10.231.0.0/16), as a client on a campus LAN would be.

const FORGOT = '/api/auth/forgot-password';
const MAIL_LIMIT = 10; // per address per 15 minutes (auth.routes.ts mailLimit)

const forgot = (port: number, n: number, extra: Partial<RawRequest> = {}) =>
  rawRequest(port, { method: 'POST', path: FORGOT, body: { email: `nobody-${n}@example.test` }, ...extra });

/** The audit row of one admin write sent as `req`. */
async function auditedIp(t: TestApp, port: number, req: RawRequest): Promise<string | null> {
  const [{ mark }] = (await t.app.db.select({ mark: max(auditLog.id) }).from(auditLog)) as [{ mark: number | null }];
  const res = await rawRequest(port, req);
  expect(res.status).toBe(400); // an event without a title: refused, and recorded as a failed admin write
  for (let i = 0; i < 100; i++) {
    const [row] = await t.app.db.select().from(auditLog).where(gt(auditLog.id, mark ?? 0)).orderBy(asc(auditLog.id)).limit(1);
    if (row) return row.ip;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no audit row written');
}

const badEvent = (headers: Record<string, string>, from: RawRequest['from'], xff?: string): RawRequest => ({
  method: 'POST',
  path: '/api/admin/events',
  headers: { ...headers, ...(xff ? { 'x-forwarded-for': xff } : {}) },
  body: { title: '' },
  from,
});

describe('TRUST_PROXY unset (the default): no forwarding header is believed', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: loadConfig({}).trustProxy });
    port = await listenOnAllAddresses(t.app);
  });
  afterAll(() => t?.close());

  it('a stranger that used up the mail limit stays limited whatever X-Forwarded-For it sends', async () => {
    for (let i = 0; i < MAIL_LIMIT; i++) {
      const res = await forgot(port, i, { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    const forged = await forgot(port, 100, { headers: { 'x-forwarded-for': '1.2.3.4' } });
    expect(forged.status).toBe(429);
    expect(forged.json().error).toBe(SERVER_MSG.tooManyRequests);
    expect((await forgot(port, 101, { headers: { 'x-forwarded-for': '1.2.3.4, 5.6.7.8', 'x-real-ip': '9.9.9.9' } })).status).toBe(429);
    // The limit is the stranger's own: another client (loopback) is not affected.
    expect((await forgot(port, 102, { from: 'loopback' })).status).toBe(200);
  });

  it('a stranger reading the directory past its limit stays limited, however many addresses it forges, 20 at a time', async () => {
    // The directory's limit is counted in the process (lib/rate-limits/process-store.ts): a fresh
    // forged address per request must not start the stranger a new window.
    const requests = Array.from({ length: DIRECTORY_RATE_LIMIT.max + 5 }, (_, i) => ({
      path: `/api/members?page=${1 + (i % 3)}`,
      headers: { 'x-forwarded-for': `198.18.${(i >> 8) & 255}.${i & 255}`, 'x-real-ip': `203.0.113.${i & 255}` },
    }));
    const statuses = (await strangerFlood(port, requests, 20)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(DIRECTORY_RATE_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect((await rawRequest(port, { path: '/api/members?page=1', from: 'loopback' })).status).toBe(200);
  });

  it("the audit log records the stranger's real address, not the forged one", async () => {
    const admin = await signedInAdmin(t.app, ['is_event_admin']);
    expect(await auditedIp(t, port, badEvent(admin.headers, 'stranger', '1.2.3.4'))).toBe(strangerAddress());
  });

  it('a forged X-Forwarded-Proto does not make the app believe it is on HTTPS (no HSTS)', async () => {
    const res = await rawRequest(port, { path: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('TRUST_PROXY=127.0.0.1: only the listed proxy is believed', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy });
    port = await listenOnAllAddresses(t.app);
  });
  afterAll(() => t?.close());

  it('the stranger still counts as itself, however many addresses it forges', async () => {
    for (let i = 0; i < MAIL_LIMIT; i++) {
      const res = await forgot(port, i, { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    expect((await forgot(port, 100, { headers: { 'x-forwarded-for': '1.2.3.4' } })).status).toBe(429);
    const admin = await signedInAdmin(t.app, ['is_event_admin']);
    expect(await auditedIp(t, port, badEvent(admin.headers, 'stranger', '1.2.3.4'))).toBe(strangerAddress());
  });

  it('a request through the proxy counts as the forwarded client, in the limits and in the audit log', async () => {
    const viaProxy = (xff: string) => ({ from: 'loopback' as const, headers: { 'x-forwarded-for': xff } });
    for (let i = 0; i < MAIL_LIMIT; i++) expect((await forgot(port, 200 + i, viaProxy('203.0.113.7'))).status).toBe(200);
    expect((await forgot(port, 300, viaProxy('203.0.113.7'))).status).toBe(429);
    // Another client behind the same proxy has its own limit.
    expect((await forgot(port, 301, viaProxy('203.0.113.8'))).status).toBe(200);
    const admin = await signedInAdmin(t.app, ['is_event_admin']);
    expect(await auditedIp(t, port, badEvent(admin.headers, 'loopback', '203.0.113.9'))).toBe('203.0.113.9');
  });

  it('HTTPS as told by the proxy gets HSTS; as told by the stranger does not', async () => {
    const proxied = await rawRequest(port, { path: '/api/health', from: 'loopback', headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const forged = await rawRequest(port, { path: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('TRUST_PROXY=1 (a hop count): only a proxy on loopback is believed, not a client on a private network', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
    port = await listenOnAllAddresses(t.app);
  });
  afterAll(() => t?.close());

  it('the stranger on the private network counts as itself in the limits and the audit log, however many addresses it forges', async () => {
    expect(strangerAddress()).toMatch(/^10\./); // a private network: the campus LAN case
    for (let i = 0; i < MAIL_LIMIT; i++) {
      const res = await forgot(port, i, { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    expect((await forgot(port, 100, { headers: { 'x-forwarded-for': '1.2.3.4' } })).status).toBe(429);
    const admin = await signedInAdmin(t.app, ['is_event_admin']);
    expect(await auditedIp(t, port, badEvent(admin.headers, 'stranger', '1.2.3.4'))).toBe(strangerAddress());
  });

  it('the proxy on loopback is believed', async () => {
    const admin = await signedInAdmin(t.app, ['is_event_admin']);
    expect(await auditedIp(t, port, badEvent(admin.headers, 'loopback', '203.0.113.9'))).toBe('203.0.113.9');
  });
});
