import { gzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures.ts';

// The JavaScript a visitor's page loads, gzip-compressed, stays within 150 KB, and no admin or
// signed-in-only code is among it (every route is its own chunk).
const BUDGET_BYTES = 150 * 1024;
const PUBLIC_PAGES = ['/', '/about', '/events', '/members', '/aerointel', '/elections', '/login', '/register', '/forgot-password', '/reset-password?token=x'];

test.describe('bundle budget', { tag: '@budget' }, () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} loads at most 150 KB of gzipped JavaScript`, async ({ page }) => {
      const scripts = new Map<string, number>();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = await response.body().catch(() => null);
        if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const total = [...scripts.values()].reduce((a, b) => a + b, 0);
      test.info().annotations.push({ type: 'gzip JS', description: `${(total / 1024).toFixed(1)} KB in ${scripts.size} files` });
      expect(total, [...scripts].map(([f, n]) => `${f} ${(n / 1024).toFixed(1)} KB`).join('\n')).toBeLessThanOrEqual(BUDGET_BYTES);
      expect([...scripts.keys()].filter((f) => /admin|settings|user-menu|turnout|uplot/i.test(f))).toEqual([]);
    });
  }
});
