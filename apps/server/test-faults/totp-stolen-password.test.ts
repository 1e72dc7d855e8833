import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/support/use-test-app.ts';
import { signedInAdmin, PASSWORD } from '../test/support/factories.ts';
import { codeAt, enrolTotp, testMfaKey, wrongCodeAt } from '../test/support/totp.ts';
import { listenForStrangers, rawRequest, strangerAddress } from './support/stranger.ts';

// A stranger on the network has an officer's password (phished, reused elsewhere) but not the
// phone. Nothing they can send yields a session or a byte of admin data.

const t = useTestApp({ mfaSecretKey: testMfaKey(), rateLimitAllow: [strangerAddress()] });
const tcp = listenForStrangers(t);
let victim: Awaited<ReturnType<typeof signedInAdmin>>;
let victimSecret: string;
let other: { secret: string };

beforeAll(async () => {
  victim = await signedInAdmin(t.app, ['is_super_admin']);
  victimSecret = (await enrolTotp(t.app, victim.headers)).secret;
  const second = await signedInAdmin(t.app, ['is_super_admin']);
  other = await enrolTotp(t.app, second.headers);
  t.clock.advance(30_000);
});

const stranger = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => rawRequest(tcp.port, { method, path, body, headers });

describe('a stolen password without the second factor', () => {
  it('the right password answers only a challenge, which is no session anywhere', async () => {
    const login = await stranger('POST', '/api/auth/token', { matric_number: victim.user.matric_number, password: PASSWORD });
    expect(login.status).toBe(200);
    const body = login.json();
    expect(body).toMatchObject({ success: true, mfa_required: true });
    expect(body.token).toBeUndefined();
    expect(body.user).toBeUndefined();
    expect(login.body).not.toContain(victim.user.email);

    // The challenge as a bearer token: refused on every GET route that needs a session, admin ones included.
    const routes = t.app.routesList.filter((r) => r.method === 'GET' && r.url.startsWith('/api') && r.access !== 'public' && !r.websocket);
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) {
      const path = r.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await stranger('GET', path, undefined, { authorization: `Bearer ${body.mfa_token}` });
      expect(res.status, path).toBe(401);
    }
  });

  it('no code, a wrong code, odd shapes, or another officer\'s right code give no session', async () => {
    const { mfa_token } = (await stranger('POST', '/api/auth/token', { matric_number: victim.user.matric_number, password: PASSWORD })).json();
    const attempts: unknown[] = [
      { mfa_token },
      { mfa_token, code: '' },
      { mfa_token, code: null },
      { mfa_token, code: 123456 },
      { mfa_token, code: ['000000'] },
      { mfa_token, code: { $ne: '' } },
      { mfa_token, code: wrongCodeAt(victimSecret, t.clock()) },
      { mfa_token, code: codeAt(other.secret, t.clock()) },
      { mfa_token, code: '000000-000000-000000-000000' },
      { mfa_token, code: '%' },
      { mfa_token: `${mfa_token}x`, code: codeAt(victimSecret, t.clock()) },
      { mfa_token: 'A'.repeat(43), code: codeAt(victimSecret, t.clock()) },
    ];
    for (const attempt of attempts) {
      const res = await stranger('POST', '/api/auth/token/mfa', attempt);
      expect([400, 401], JSON.stringify(attempt)).toContain(res.status);
      expect(res.json().token, JSON.stringify(attempt)).toBeUndefined();
    }
    // Not with the password a second time either, nor on the one-step route with extra fields.
    const twice = await stranger('POST', '/api/auth/token', { matric_number: victim.user.matric_number, password: PASSWORD, code: '', mfa: false });
    expect(twice.json().token).toBeUndefined();
  });
});
