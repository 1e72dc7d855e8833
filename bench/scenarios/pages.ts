import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { transformSync } from 'esbuild';
import { chromium } from 'playwright-core';
import { cpuMeter } from '../lib/cpu.ts';
import { atLeast, atMost, figure, NotAvailable, type Figure, type Scenario } from '../lib/context.ts';
import { run } from '../lib/proc.ts';
import { ROOT, WORK } from '../lib/server.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PAGES = ['/', '/about', '/events', '/aerointel', '/members', '/elections', '/admin'] as const;
const PUBLIC = new Set(['/', '/about', '/events', '/aerointel', '/members', '/elections']);
/** The public pages, each served prerendered; '/events/{id}' stands for the event the scenario creates. */
const PUBLIC_PAGES = ['/', '/about', '/events', '/events/{id}', '/aerointel', '/elections', '/members'] as const;
/** The slow phone network of issue 23: 400 kbit/s both ways, 400 ms round trip. */
const SLOW_NETWORK = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };
const HEADING_TIMEOUT_MS = 20_000;
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

/** The browser's build (Debian updates it between runs, and Lighthouse's user agent says only its major version). */
let chromiumBuild: string | undefined;
const chromiumVersion = () => (chromiumBuild ??= /^\S+ [\d.]+/.exec(spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout)?.[0] ?? 'Chromium version unknown');

interface LighthouseScores {
  path: string;
  performance: number | null;
  accessibility: number | null;
  metrics: Record<string, string | undefined>;
  /**
   * Lighthouse's own measure of the host's CPU speed during the run. Its 4x CPU slowdown is meant
   * for a host of 1500 to 2000; on a slower or busier one every task counts longer, and Total
   * Blocking Time (30% of the score) grows fastest. A score reads right only beside it.
   */
  benchmarkIndex?: number;
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
    environment?: { benchmarkIndex?: number };
  };
  // BENCH_KEEP_LIGHTHOUSE=1 keeps each page's whole report in bench/.work, to read why a page scored as it did.
  if (!process.env.BENCH_KEEP_LIGHTHOUSE) fs.rmSync(outFile, { force: true });
  const score = (c: string) => (report.categories[c]?.score == null ? null : Math.round(report.categories[c]!.score! * 100));
  const metric = (a: string) => report.audits[a]?.displayValue;
  return {
    path: p,
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: { FCP: metric('first-contentful-paint'), LCP: metric('largest-contentful-paint'), TBT: metric('total-blocking-time'), CLS: metric('cumulative-layout-shift'), SI: metric('speed-index') },
    benchmarkIndex: report.environment?.benchmarkIndex === undefined ? undefined : Math.round(report.environment.benchmarkIndex),
  };
}

interface HeadingTime {
  path: string;
  /** Milliseconds from the start of the navigation to the first frame showing the page's <h1>, or null. */
  ms: number | null;
  heading: string | null;
  othersPct: number;
  error?: string;
}

/**
 * Time to the page's heading on the slow network, in a fresh context (empty cache) per page, from
 * the start of the navigation: the later of the first contentful paint and the first animation
 * frame in which an <h1> with text is laid out.
 */
async function headingTimes(origin: string, paths: string[]): Promise<HeadingTime[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS, headless: true, timeout: 30_000 });
  const out: HeadingTime[] = [];
  try {
    for (const p of paths) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
      const meter = cpuMeter();
      try {
        const shown = page.waitForFunction(
          () => {
            const h1 = [...document.querySelectorAll('h1')].find((h) => h.textContent?.trim() && h.getBoundingClientRect().height > 0);
            if (!h1) return null;
            // Shown: in the DOM and painted. A prerendered heading is there before the first
            // paint (the stylesheet still loading), so its time is that of the first paint.
            const w = window as unknown as { benchHeadingSeen?: number };
            w.benchHeadingSeen ??= performance.now();
            const paint = performance.getEntriesByName('first-contentful-paint')[0];
            return paint ? { ms: Math.round(Math.max(paint.startTime, w.benchHeadingSeen)), heading: h1.textContent!.trim() } : null;
          },
          undefined,
          { polling: 'raf', timeout: HEADING_TIMEOUT_MS },
        );
        await page.goto(`${origin}${p}`, { waitUntil: 'commit', timeout: HEADING_TIMEOUT_MS });
        const { ms, heading } = (await (await shown).jsonValue()) as { ms: number; heading: string };
        out.push({ path: p, ms, heading, othersPct: meter.end().othersPct });
      } catch (err) {
        out.push({ path: p, ms: null, heading: null, othersPct: meter.end().othersPct, error: String(err).slice(0, 200) });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}

/**
 * A flyer as an officer uploads one: a 1200 x 900 photo-like JPEG (gradients, waves and a little
 * noise, the same bytes every run), which the server makes an 800-wide WebP of about 90 KB. The
 * drawings an event shows without a flyer are a few KB inline in the page: a run with one of
 * them hid an LCP of 2.9 s with a real flyer (decision 095).
 */
async function uploadFlyer(origin: string, adminToken: string): Promise<string> {
  const sharp = createRequire(path.join(ROOT, 'apps/server/package.json'))('sharp') as typeof import('sharp');
  let seed = 7;
  const noise = (n: number) => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  const [w, h] = [1200, 900];
  const pixels = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      pixels[i] = (x * 0.2 + Math.sin(y / 17) * 60 + noise(8)) & 255;
      pixels[i + 1] = (y * 0.25 + Math.cos(x / 23) * 50 + noise(8)) & 255;
      pixels[i + 2] = (128 + Math.sin((x + y) / 31) * 90 + noise(8)) & 255;
    }
  }
  const jpeg = await sharp(pixels, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'flyer.jpg');
  const res = await fetch(`${origin}/api/admin/uploads/image?type=event`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
  const body = (await res.json()) as { url?: string };
  if (!res.ok || !body.url) throw new Error(`uploading the flyer answered ${res.status}`);
  return body.url;
}

/** The soonest upcoming event, with an uploaded flyer, made through the admin API: /events shows it first, and /events/{id} is its page. */
async function createEvent(origin: string, adminToken: string): Promise<string> {
  const res = await fetch(`${origin}/api/admin/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Wind Tunnel Open Day',
      description: 'A tour of the faculty wind tunnel, with a talk on subsonic testing and time for questions.',
      location: 'Faculty of Engineering, Hangar 2',
      event_date: new Date(Date.now() + 60 * 60_000).toISOString(),
      flyer_image_url: await uploadFlyer(origin, adminToken),
    }),
  });
  const body = (await res.json()) as { event?: { id: string } };
  if (!res.ok || !body.event) throw new Error(`creating the event answered ${res.status}`);
  return body.event.id;
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
        label: `Admin chunks loaded by public pages (${[...PUBLIC].join(', ')})`,
        value: leaks.length,
        unit: 'chunks',
        target: { text: '0', met: leaks.length === 0 },
        note: leaks.length ? leaks.join(', ') : undefined,
      }),
    );
    const eventId = await createEvent(ctx.app.origin, ctx.seeded.admin.token);
    const publicPaths = PUBLIC_PAGES.map((p) => p.replace('{id}', eventId));
    const scores: LighthouseScores[] = [];
    for (const [i, p] of publicPaths.entries()) {
      const meter = cpuMeter();
      let s = await lighthouse(ctx.app.origin, p);
      // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): one more try.
      if (s.error) s = { ...(await lighthouse(ctx.app.origin, p)), firstError: s.error };
      const othersPct = meter.end().othersPct;
      scores.push(s);
      const id = PUBLIC_PAGES[i]!;
      const lcpSeconds = s.metrics.LCP ? Number.parseFloat(s.metrics.LCP.replace(',', '')) : null;
      const metrics = Object.entries(s.metrics).map(([k, v]) => `${k} ${v}`).join(', ');
      figures.push(
        figure({
          id: `lighthouse${id}.performance`,
          label: `Lighthouse performance ${id} (mobile)`,
          value: s.performance,
          unit: '/100',
          target: atLeast(s.performance, 95, '>= 95'),
          note: s.error ? `lighthouse failed: ${s.error.slice(0, 200)}` : `${metrics}; host benchmarkIndex ${s.benchmarkIndex ?? '?'}, ${chromiumVersion()}; other processes used ${othersPct}% of the machine meanwhile`,
        }),
        figure({ id: `lighthouse${id}.lcp`, label: `Lighthouse LCP ${id} (slow 4G, simulated)`, value: lcpSeconds, unit: 's', target: atMost(lcpSeconds, 2.5, '< 2.5 s') }),
        figure({ id: `lighthouse${id}.accessibility`, label: `Lighthouse accessibility ${id}`, value: s.accessibility, unit: '/100' }),
      );
    }
    const headings = await headingTimes(ctx.app.origin, publicPaths);
    for (const [i, h] of headings.entries()) {
      const id = PUBLIC_PAGES[i]!;
      figures.push(
        figure({
          id: `slowNetwork${id}.heading`,
          label: `Heading of ${id} shown on a 400 kbit/s, 400 ms network (Chromium, empty cache)`,
          value: h.ms,
          unit: 'ms',
          target: atMost(h.ms, 2000, '< 2 s'),
          note: `${h.error ? `not shown: ${h.error}; ` : `"${h.heading}"; `}other processes used ${h.othersPct}% of the machine meanwhile`,
        }),
      );
    }
    return { figures, details: { pages: measured, reactRuntimeGzipKb: floor, lighthouse: scores, slowNetworkHeadings: headings } };
  },
};
