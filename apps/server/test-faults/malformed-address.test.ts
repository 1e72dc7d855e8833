import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../src/plugins/web-app.ts';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';

// A malformed percent-escape is refused by the router before any route: it must still get the
// answer of an unknown address. Needs the built web app (npm run build).
let t: TestApp;
beforeAll(async () => {
  expect(fs.existsSync(path.join(WEB_DIST, 'index.html')), 'build the web app first: npm run build').toBe(true);
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('a malformed address', () => {
  it('outside /api answers the site page, as any unknown page (its router shows the 404 page), with the security headers', async () => {
    const index = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(unknown.body).toBe(index);
    for (const url of ['/profile/%E0%A4%A', '/%', '/events/%zz?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(unknown.statusCode);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toBe(index);
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  });

  it('under /api keeps the JSON error of an unknown address', async () => {
    for (const url of ['/api/profile/%E0%A4%A', '/api/%']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toEqual({ success: false, error: expect.any(String), code: 'NOT_FOUND' });
    }
  });

});
