import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3391';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, h, mobile] of [[390, 844, true], [1280, 900, false]] as const) {
  const nojs = await browser.newContext({ viewport: { width: w, height: h }, isMobile: mobile, hasTouch: mobile, javaScriptEnabled: false });
  const p0 = await nojs.newPage();
  await p0.goto(`${base}/events`);
  await p0.waitForTimeout(800);
  await p0.screenshot({ path: `/tmp/shots/events-nojs-${w}.png` });
  await nojs.close();
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, isMobile: mobile, hasTouch: mobile });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.type() + ': ' + m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    (window as any).shifts = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) (window as any).shifts.push({ v: e.value, s: e.sources.map((s: any) => (s.node?.nodeName ?? '') + ' ' + JSON.stringify([s.previousRect.y, s.currentRect.y])) }); }).observe({ type: 'layout-shift', buffered: true });
  });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/**', async (route) => { await held; await route.continue(); });
  await page.goto(`${base}/events`);
  await page.waitForTimeout(1500);
  const measure = () => page.evaluate(() => {
    const place = document.querySelector('[data-event-list]')!;
    const rects = [...place.querySelectorAll('article, article h2, article img, article time, article section, article a, ul, p')].map((el) => { const r = el.getBoundingClientRect(); return `${el.tagName} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`; });
    return { drawn: place.getAttribute('data-event-list'), text: (place as HTMLElement).innerText, rects, doc: document.documentElement.scrollHeight };
  });
  const before = await measure();
  release();
  await page.waitForFunction(() => !document.querySelector('[data-event-list="drawn"]'), null, { timeout: 10000 });
  await page.waitForTimeout(1000);
  const after = await measure();
  console.log(w, 'before', before.drawn, 'after', after.drawn, 'text same', before.text === after.text, 'rects same', JSON.stringify(before.rects) === JSON.stringify(after.rects), before.rects.length, after.rects.length);
  if (before.text !== after.text) console.log('TEXT BEFORE\n', before.text.slice(0, 800), '\nTEXT AFTER\n', after.text.slice(0, 800));
  before.rects.forEach((r, i) => { if (r !== after.rects[i]) console.log('  ', r, '=>', after.rects[i]); });
  console.log('shifts', JSON.stringify(await page.evaluate(() => (window as any).shifts)));
  console.log('errors', errors);
  await page.screenshot({ path: `/tmp/shots/events-js-${w}.png` });
  await ctx.close();
}
await browser.close();
