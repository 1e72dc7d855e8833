import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { WEB_DIST } from '../src/plugins/web-app.ts';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';
import { signedInMember } from '../test/support/factories.ts';
import { multipart } from '../test/support/multipart.ts';

// Every kind of response carries the security headers. Needs the built web app (npm run build).
let t: TestApp;
beforeAll(async () => {
  expect(fs.existsSync(path.join(WEB_DIST, 'index.html')), 'build the web app first: npm run build').toBe(true);
  // The app behind a reverse proxy on this machine: app.inject comes from 127.0.0.1.
  t = await createTestApp({ trustProxy: ['loopback'] });
});
afterAll(() => t?.close());

function expectSecurityHeaders(res: { headers: Record<string, unknown> }, label: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, label).toMatch(/script-src 'self'(;|$)/);
  expect(csp, label).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp, label).toContain("frame-ancestors 'none'");
  // Connections only to this site: no blanket scheme source that would allow any host.
  const connect = /(?:^|;\s*)connect-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/) ?? [];
  expect(connect, label).toEqual(["'self'", 'ws://portal.test']);
  // No blanket scheme source in any directive but img-src, which takes pictures linked over
  // https (an event's flyer, a candidate's photo) and nothing wider (decision 097).
  const directives = csp.split(/;\s*/).filter(Boolean);
  expect(directives.filter((d) => !d.startsWith('img-src ')).filter((d) => /(^|\s)(wss?|https?|data|blob):(\s|$)|\s\*(\s|$)/.test(d)), label).toEqual([]);
  expect(directives.filter((d) => d.startsWith('img-src ')), label).toEqual(["img-src 'self' data: blob: https:"]);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toBeTruthy();
}

describe('security headers on every kind of response', () => {
  it('page, asset, JSON, error, upload', async () => {
    const member = await signedInMember(t.app);
    const asset = fs.readdirSync(path.join(WEB_DIST, 'assets')).find((f) => f.endsWith('.js'))!;
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2f80ed' } }).png().toBuffer();
    const body = multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: photo }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/profile/me/upload/profile-image', headers: { ...member.headers, ...body.headers }, payload: body.payload });
    const cases = {
      page: await t.app.inject({ method: 'GET', url: '/members' }),
      asset: await t.app.inject({ method: 'GET', url: `/assets/${asset}` }),
      json: await t.app.inject({ method: 'GET', url: '/api/health' }),
      error: await t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      'malformed-json error': await t.app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': 'application/json' }, payload: '{' }),
      upload: await t.app.inject({ method: 'GET', url: uploaded.json().url }),
    };
    for (const [label, res] of Object.entries(cases)) expectSecurityHeaders(res, label);
    expect(cases.page.headers['content-type']).toContain('text/html');
    expect(cases.asset.headers['cache-control']).toContain('immutable');
    expect(cases.upload.headers['content-type']).toBe('image/webp');
  });

  it('HSTS only over HTTPS, as told by a trusted proxy', async () => {
    const https = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const http = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    // A client that is not the proxy cannot make the app believe it came over HTTPS.
    const forged = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.77', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('authenticated JSON is never stored by a cache', async () => {
    const member = await signedInMember(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });
});
