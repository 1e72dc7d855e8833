import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, gt, max } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config.ts';
import { auditLog } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { signedInAdmin } from './support/factories.ts';

describe('TRUST_PROXY', () => {
  it('trusts nobody by default and for false, no and 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const v of ['', 'false', 'no', '0', 'FALSE']) expect(loadConfig({ TRUST_PROXY: v }).trustProxy, v).toBe(false);
  });

  it('takes a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY must be at most 10 proxies/);
  });

  it('takes a comma-separated list of addresses, CIDR ranges and the named ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1 , fd00::/8,loopback,uniquelocal' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
      'uniquelocal',
    ]);
  });

  it('refuses true with one line naming the variable and what to write instead', () => {
    for (const v of ['true', 'TRUE', 'yes', 'on']) {
      let error: unknown;
      try {
        loadConfig({ TRUST_PROXY: v });
      } catch (e) {
        error = e;
      }
      expect(error, v).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toMatch(/^Invalid configuration: TRUST_PROXY /);
      expect(message).toContain('(e.g. 1)');
      expect(message).toContain('127.0.0.1,10.0.0.0/8');
    }
  });

  it('refuses anything else that is not an address or a range', () => {
    for (const v of ['*', 'proxy.example.com', '10.0.0.0/33', '1.2.3', '127.0.0.1,,nope', '-1', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: v }), v).toThrow(/TRUST_PROXY must be the number of proxies/);
    }
  });
});

// The address the app uses, as the audit log records it, for a request from `remoteAddress`.
describe('the client address the app uses', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));
  const boot = async (TRUST_PROXY: string) => {
    const t = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY }).trustProxy });
    apps.push(t);
    return { t, admin: await signedInAdmin(t.app, ['is_event_admin']) };
  };
  async function recordedIp(t: TestApp, headers: Record<string, string>, remoteAddress: string, xff: string) {
    const [{ mark }] = (await t.app.db.select({ mark: max(auditLog.id) }).from(auditLog)) as [{ mark: number | null }];
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/events', remoteAddress, headers: { ...headers, 'x-forwarded-for': xff }, payload: { title: '' } });
    expect(res.statusCode).toBe(400);
    // Written before the answer left: read at once.
    const [row] = await t.app.db.select().from(auditLog).where(gt(auditLog.id, mark ?? 0)).orderBy(asc(auditLog.id)).limit(1);
    if (!row) throw new Error('no audit row');
    return row.ip;
  }

  let hop: Awaited<ReturnType<typeof boot>>;
  let list: Awaited<ReturnType<typeof boot>>;
  beforeAll(async () => {
    hop = await boot('1');
    list = await boot('10.0.0.0/8');
  });

  it('hop count 1: the address the proxy on loopback forwarded', async () => {
    expect(await recordedIp(hop.t, hop.admin.headers, '127.0.0.1', '203.0.113.5')).toBe('203.0.113.5');
    expect(await recordedIp(hop.t, hop.admin.headers, '::1', '1.1.1.1, 203.0.113.6')).toBe('203.0.113.6');
    expect(await recordedIp(hop.t, hop.admin.headers, '::ffff:127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('hop count 1: a client on a private network (a campus LAN) is itself, whatever it forwards', async () => {
    expect(await recordedIp(hop.t, hop.admin.headers, '10.1.2.3', '1.1.1.1, 203.0.113.6')).toBe('10.1.2.3');
    expect(await recordedIp(hop.t, hop.admin.headers, '::ffff:192.168.1.9', '203.0.113.7')).toBe('::ffff:192.168.1.9');
  });

  it('hop count 1: a client from a public address that reached the app directly is itself', async () => {
    expect(await recordedIp(hop.t, hop.admin.headers, '198.51.100.23', '1.2.3.4')).toBe('198.51.100.23');
  });

  it('a list: only a listed peer is believed, hop after hop', async () => {
    expect(await recordedIp(list.t, list.admin.headers, '10.0.0.2', '203.0.113.8')).toBe('203.0.113.8');
    expect(await recordedIp(list.t, list.admin.headers, '10.0.0.2', '203.0.113.9, 10.0.0.3')).toBe('203.0.113.9');
    expect(await recordedIp(list.t, list.admin.headers, '127.0.0.1', '203.0.113.10')).toBe('127.0.0.1');
    expect(await recordedIp(list.t, list.admin.headers, '198.51.100.24', '203.0.113.11')).toBe('198.51.100.24');
  });
});
