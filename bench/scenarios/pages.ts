import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { transformSync } from 'esbuild';
import { chromium } from 'playwright-core';
import { atMost, figure, NotAvailable, type Figure, type Scenario } from '../lib/context.ts';
import { run } from '../lib/proc.ts';
import { ROOT, WORK } from '../lib/server.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PAGES = ['/', '/members', '/elections', '/admin'] as const;
const PUBLIC = new Set(['/', '/members', '/elections']);
const LIGHTHOUSE_PAGES = ['/', '/members'];
const gzipKb = (b: Buffer) => Math.round((zlib.gzipSync(b).length / 1024) * 10) / 10;
const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

interface PageScripts {
  path: string;
  finalUrl: string;
  scripts: Array<{ name: string; bytes: number; gzipKb: number; contentEncoding: string | null }>;
  rawKb: number;
  gzipKb: number;
  adminChunks: string[];
}

/**
 * The floor any React 19 single-page app pays: the production builds of react, react-dom's
 * client and scheduler, minified and gzipped together (the same libraries, outside the app's bundle).
 */
function reactRuntimeGzipKb(): number | null {
  try {
    const req = createRequire(path.join(ROOT, 'apps/web/package.json'));
    // Package exports hide cjs/: find each package's folder through its package.json.
    const file = (pkg: string, f: string) => path.join(path.dirname(req.resolve(`${pkg}/package.json`)), f);
    const files = [file('react', 'cjs/react.production.js'), file('react-dom', 'cjs/react-dom-client.production.js'), file('scheduler', 'cjs/scheduler.production.js')];
    // React 19 ships its production builds unminified; a bundler minifies them. esbuild is here
    // with tsx (the server's runner).
    const code = files.map((f) => transformSync(fs.readFileSync(f, 'utf8'), { minify: true, format: 'cjs' }).code).join('\n');
    return gzipKb(Buffer.from(code));
  } catch {
    return null;
  }
}

async function scriptsPerPage(origin: string, admin: { token: string; user: unknown }): Promise<PageScripts[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS, headless: true, timeout: 30_000 });
  const out: PageScripts[] = [];
  try {
    for (const p of PAGES) {
      const context = await browser.newContext();
      if (p === '/admin') {
        // The web app keeps the session in local storage (apps/web/src/lib/auth-storage.ts).
        await context.addInitScript((s: { token: string; user: string; exp: string }) => {
          localStorage.setItem('aesa.token', s.token);
          localStorage.setItem('aesa.expires_at', s.exp);
          localStorage.setItem('aesa.user', s.user);
        }, { token: admin.token, user: JSON.stringify(admin.user), exp: String(Date.now() + 3600_000) });
      }
      const page = await context.newPage();
      const pending: Array<Promise<PageScripts['scripts'][number] | null>> = [];
      page.on('response', (res) => {
        if (res.request().resourceType() !== 'script') return;
        pending.push(
          res
            .body()
            .then((body) => ({ name: new URL(res.url()).pathname, bytes: body.length, gzipKb: gzipKb(body), contentEncoding: res.headers()['content-encoding'] ?? null }))
            .catch(() => null),
        );
      });
      await page.goto(`${origin}${p}`, { waitUntil: 'networkidle', timeout: 30_000 });
      await page.waitForTimeout(500);
      const scripts = (await Promise.all(pending)).filter((s): s is NonNullable<typeof s> => s !== null);
      out.push({
        path: p,
        finalUrl: new URL(page.url()).pathname,
        scripts,
        rawKb: kb(scripts.reduce((a, s) => a + s.bytes, 0)),
        gzipKb: Math.round(scripts.reduce((a, s) => a + s.gzipKb, 0) * 10) / 10,
        adminChunks: scripts.map((s) => path.basename(s.name)).filter((n) => /admin/i.test(n)),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

interface LighthouseScores {
  path: string;
  performance: number | null;
  accessibility: number | null;
  metrics: Record<string, string | undefined>;
  error?: string;
  firstError?: string;
}

async function lighthouse(origin: string, p: string): Promise<LighthouseScores> {
  const outFile = path.join(WORK, `lighthouse-${p.replace(/\W/g, '') || 'home'}.json`);
  fs.rmSync(outFile, { force: true });
  const cli = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
  const r = await run(
    process.execPath,
    [
      cli,
      `${origin}${p}`,
      '--quiet',
      '--output=json',
      `--output-path=${outFile}`,
      '--only-categories=performance,accessibility',
      '--form-factor=mobile',
      `--chrome-flags=--headless=new ${CHROME_FLAGS.join(' ')}`,
      '--max-wait-for-load=20000',
    ],
    { name: `lighthouse ${p}`, cwd: WORK, env: { ...process.env, CHROME_PATH: CHROMIUM, NODE_OPTIONS: '' }, timeoutMs: 150_000 },
  );
  if (r.code !== 0 || !fs.existsSync(outFile)) return { path: p, performance: null, accessibility: null, metrics: {}, error: r.output.slice(-500) };
  const report = JSON.parse(fs.readFileSync(outFile, 'utf8')) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { displayValue?: string }>;
  };
  fs.rmSync(outFile, { force: true });
  const score = (c: string) => (report.categories[c]?.score == null ? null : Math.round(report.categories[c]!.score! * 100));
  const metric = (a: string) => report.audits[a]?.displayValue;
  return {
    path: p,
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: { FCP: metric('first-contentful-paint'), LCP: metric('largest-contentful-paint'), TBT: metric('total-blocking-time'), CLS: metric('cumulative-layout-shift'), SI: metric('speed-index') },
  };
}

export const pages: Scenario = {
  name: 'pages',
  title: 'Pages: JavaScript loaded per page (gzip) in Chromium, and Lighthouse (mobile)',
  async run(ctx) {
    // A failed build can leave an older dist behind: measure only what this run built.
    if (!ctx.webBuilt) throw new NotAvailable('the web app did not build (npm run build failed; see bench/.work/build.log)');
    if (!fs.existsSync(CHROMIUM)) throw new NotAvailable(`${CHROMIUM} is missing (apt-get install chromium)`);
    const me = await fetch(`${ctx.app.origin}/api/auth/me`, { headers: { authorization: `Bearer ${ctx.seeded.admin.token}` } });
    const user = ((await me.json()) as { user?: unknown }).user ?? null;
    const measured = await scriptsPerPage(ctx.app.origin, { token: ctx.seeded.admin.token, user });
    const floor = reactRuntimeGzipKb();
    const figures: Figure[] = [];
    for (const m of measured) {
      const isPublic = PUBLIC.has(m.path);
      figures.push(
        figure({
          id: `pages.js${m.path}`,
          label: `JavaScript loaded by ${m.path} (gzip, ${m.scripts.length} files)${m.finalUrl !== m.path ? `, ended at ${m.finalUrl}` : ''}`,
          value: m.gzipKb,
          unit: 'KB',
          baseline: floor === null ? undefined : { label: 'React 19 runtime alone (gzip)', value: floor, unit: 'KB' },
          target: isPublic ? atMost(m.gzipKb, 150, '<= 150 KB') : undefined,
          note: `${m.rawKb} KB uncompressed; the server sent ${m.scripts.filter((x) => x.contentEncoding).length ? `${[...new Set(m.scripts.map((x) => x.contentEncoding ?? 'identity'))].join('/')} encoding` : 'every script uncompressed'}`,
        }),
      );
    }
    const leaks = measured.filter((m) => PUBLIC.has(m.path)).flatMap((m) => m.adminChunks.map((c) => `${m.path}: ${c}`));
    figures.push(
      figure({
        id: 'pages.noAdminCode',
        label: 'Admin chunks loaded by public pages (/, /members, /elections)',
        value: leaks.length,
        unit: 'chunks',
        target: { text: '0', met: leaks.length === 0 },
        note: leaks.length ? leaks.join(', ') : undefined,
      }),
    );
    const scores: LighthouseScores[] = [];
    for (const p of LIGHTHOUSE_PAGES) {
      let s = await lighthouse(ctx.app.origin, p);
      // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): one more try.
      if (s.error) s = { ...(await lighthouse(ctx.app.origin, p)), firstError: s.error };
      scores.push(s);
      figures.push(
        figure({ id: `lighthouse${p}.performance`, label: `Lighthouse performance ${p} (mobile)`, value: s.performance, unit: '/100', note: s.error ? `lighthouse failed: ${s.error.slice(0, 200)}` : Object.entries(s.metrics).map(([k, v]) => `${k} ${v}`).join(', ') }),
        figure({ id: `lighthouse${p}.accessibility`, label: `Lighthouse accessibility ${p}`, value: s.accessibility, unit: '/100' }),
      );
    }
    return { figures, details: { pages: measured, reactRuntimeGzipKb: floor, lighthouse: scores } };
  },
};
