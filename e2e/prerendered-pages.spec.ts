import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, PNG, theSuperAdmin, unique } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { isMobile } from './support/page-checks.ts';

// The public pages arrive prerendered: readable with JavaScript off (as on a slow network before
// the script arrives), then hydrated by the app, which works as usual, with no console error
// (a hydration mismatch is reported as one). A signed-in member's page hydrates cleanly too.
// Runs at 1280 px and, tagged @mobile, at 390 px.

const PAGES = [
  { path: '/', heading: "Aerospace Engineering Students' Association", text: 'Where future engineers of flight and space learn, build and lead together.' },
  { path: '/about', heading: 'About Us', text: 'a community that learns, builds and leads together.' },
  { path: '/events', heading: 'Events', text: 'What is coming up for members: workshops, talks, visits and more.' },
  { path: '/aerointel', heading: 'AeroIntel', text: 'Articles, research, news and publications from the members of the association.' },
  { path: '/elections', heading: 'AESA DECIDES', text: 'Choose the executives who will lead the association.' },
  { path: '/members', heading: 'Meet Our Members', text: 'Students and alumni of the association: find a classmate, a mentor or a teammate.' },
];

/** An upcoming event, made by the run's super admin. */
async function createEvent(request: APIRequestContext): Promise<{ id: string; title: string }> {
  const { token } = await theSuperAdmin(request);
  const title = unique('Prerender Open Day');
  const created = await request.post('/api/admin/events', {
    headers: bearer(token),
    data: { title, description: 'A tour of the wind tunnel.', event_date: new Date(Date.now() + 7 * 86_400_000).toISOString(), location: 'Hangar 2' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return { id: ((await created.json()) as { event: { id: string } }).event.id, title };
}

/** Console errors and uncaught errors of the page, from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe('prerendered public pages @public @mobile', () => {
  test('each public page shows its heading, words, top bar and footer with JavaScript disabled', async ({ browser, request, viewport }) => {
    const { id: eventId, title } = await createEvent(request);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    try {
      const page = await context.newPage();
      for (const { path, heading, text } of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true }), path).toBeVisible();
        await expect(page.getByText(text).first(), path).toBeVisible();
        await expect(page.getByRole('link', { name: 'AESA Portal home' }), path).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Quick links' }), path).toBeAttached();
        await expect(page.getByText(/All rights reserved\./), path).toBeAttached();
      }
      // The Events page: the upcoming events (the server draws them in), each card whole.
      await page.goto('/events');
      const card = page.getByRole('article', { name: title });
      await expect(card.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await expect(card.getByText('Hangar 2', { exact: true })).toBeVisible();
      await expect(card.getByRole('heading', { level: 3, name: 'Are you going?' })).toBeVisible();
      await expect(card.getByRole('link', { name: `Details of ${title}` })).toHaveAttribute('href', `/events/${eventId}`);
      await expect(page.getByText('Loading events...')).toHaveCount(0);
      // The event's page: the whole event (the server writes it in) and its own title for the tab
      // and link previews. The picture is loaded at its place's size, so nothing moves.
      await page.goto(`/events/${eventId}`);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'All events' })).toBeVisible();
      const article = page.getByRole('article', { name: title });
      const picture = article.locator('img').first();
      await expect(picture).toBeVisible();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(picture).toHaveAttribute('width', '800');
      await expect(picture).toHaveAttribute('height', '600');
      await expect(article.getByText('Upcoming', { exact: true })).toBeVisible();
      await expect(article.locator('time')).toHaveText(/\d{4} · \d{2}:\d{2}$/);
      await expect(article.getByText('Hangar 2', { exact: true })).toBeVisible();
      await expect(article.getByText('A tour of the wind tunnel.', { exact: true })).toBeVisible();
      await expect(article.getByRole('link', { name: /^Add to calendar/ })).toBeVisible();
      await expect(page.getByText('Loading event...')).toHaveCount(0);
      await expect(page).toHaveTitle(`${title} · AESA Portal`);
    } finally {
      await context.close();
    }
  });

  test('a visitor: the members directory and an event page hydrate without errors; the filter and the top bar respond', async ({ page, request }) => {
    const errors = collectErrors(page);
    await page.goto('/members');
    const filters = page.getByRole('search', { name: 'Filter members' });
    // Data arrives only through the app's script: the end of the loading state proves it runs.
    await expect(page.getByText('Loading members...')).toHaveCount(0);
    await filters.getByLabel('Level', { exact: true }).selectOption('Alumni');
    await expect(page).toHaveURL(/\/members\?level=Alumni$/);

    if (isMobile(page)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'AeroIntel' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AeroIntel' }).click();
    }
    await expect(page).toHaveURL(/\/aerointel$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AeroIntel' })).toBeVisible();

    // An event's page hydrates the event the server wrote in, the same time text before and after
    // the app's own page replaces it (the RSVP panel shows that it has).
    const event = await createEvent(request);
    await page.goto(`/events/${event.id}`);
    const article = page.getByRole('article', { name: event.title });
    const drawn = await article.locator('time').textContent();
    await expect(article.getByRole('link', { name: /^Add to calendar/ })).toBeVisible();
    await expect(article.getByRole('heading', { level: 2, name: 'Are you going?' })).toBeVisible();
    await expect(article.locator('time')).toHaveText(drawn!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
    expect(errors).toEqual([]);
  });

  test('a tap on the menu before the app runs opens the menu once it does @phone-only', async ({ page }) => {
    // The app's script is held back until the tap has been made, as on a slow network.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Join Us' })).toBeVisible();
    await expect(menu).toHaveCount(1);
  });

  test('on a phone, the elections page asks for the voter rolls once their list comes near the screen @phone-only', async ({ page, election: newElection }) => {
    const election = await newElection({ positions: { President: ['Rolling Candidate'] } });
    const rolls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/elections\/[^/]+\/roll$/.test(new URL(r.url()).pathname)) rolls.push(r.url());
    });
    // A small phone: the list starts well over two screens down.
    await page.setViewportSize({ width: 390, height: 640 });
    await page.goto('/elections');
    const facts = page.locator(`li[data-election-id="${election.id}"]`);
    await expect(facts).toBeAttached();
    // Far below the rules on a phone: drawn, but nothing asked for yet.
    await expect(facts).not.toBeInViewport();
    expect(rolls).toEqual([]);
    await facts.scrollIntoViewIfNeeded();
    await expect(facts.getByText('Loading...')).toHaveCount(0);
    expect(rolls.length).toBeGreaterThan(0);
  });

  test('the footer and the panel beside a list stay where they were painted when the data arrives', async ({ page, request }) => {
    await createEvent(request); // a list of events, not only the word that there is none
    // Every API answer is held until the page has painted and its script has run, then let
    // through: a list of any length (or none) must not move what follows it, the footer or the
    // panel beside it, into view or out of it. Each page records its layout shifts that moved
    // a footer or an aside (or something inside one).
    await page.addInitScript(() => {
      const w = window as unknown as { frameShifts: string[] };
      w.frameShifts = [];
      type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: Source[] }[]) {
          if (entry.hadRecentInput) continue;
          for (const source of entry.sources) {
            const element = source.node instanceof Element ? source.node : source.node?.parentElement;
            const frame = element?.closest('footer, aside');
            if (frame) w.frameShifts.push(`${frame.tagName.toLowerCase()} ${Math.round(source.previousRect.y)} -> ${Math.round(source.currentRect.y)} (${entry.value.toFixed(4)})`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const { path, heading } of PAGES) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/**', async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true }), path).toBeVisible();
      await page.waitForTimeout(300);
      release();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      await page.unroute('**/api/**');
      const moved = await page.evaluate(() => (window as unknown as { frameShifts: string[] }).frameShifts);
      expect(moved, path).toEqual([]);
    }
  });

  test('the Events list the server drew is taken over by the app\'s own list: the same words and nothing moved', async ({ browser, request, viewport, isMobile: mobile }) => {
    const { title } = await createEvent(request);
    const context = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile });
    try {
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number };
        w.shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number }[]) w.shifts += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The app's answers are held: the drawn list stays while the app has run and waits for them.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/**', async (route) => {
        await released;
        await route.continue();
      });
      await page.goto('/events');
      const place = page.locator('[data-event-list]');
      await expect(place).toHaveAttribute('data-event-list', 'drawn');
      await expect(page.getByRole('article', { name: title })).toBeVisible();
      // Where every card, picture, heading and link is, and what the list reads.
      const layout = () =>
        place.evaluate((list) => ({
          text: (list as HTMLElement).innerText,
          boxes: [...list.querySelectorAll('p, ul, article, img, h2, time, section, a')].map((el) => {
            const r = el.getBoundingClientRect();
            return `${el.tagName} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
          }),
        }));
      const drawn = await layout();
      release();
      await expect(place).toHaveAttribute('data-event-list', '');
      expect(await layout()).toEqual(drawn);
      expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('an event page asks for the app\'s script once its picture is shown, and at once when the picture fails', async ({ page, request }) => {
    const { token } = await theSuperAdmin(request);
    const upload = await request.post('/api/admin/uploads/image?type=event', { headers: bearer(token), multipart: { file: { name: 'flyer.png', mimeType: 'image/png', buffer: PNG } } });
    expect(upload.ok(), await upload.text()).toBe(true);
    const flyer = ((await upload.json()) as { url: string }).url;
    const created = await request.post('/api/admin/events', {
      headers: bearer(token),
      data: { title: unique('Picture First'), description: 'Its flyer first.', event_date: new Date(Date.now() + 7 * 86_400_000).toISOString(), location: 'Hangar 4', flyer_image_url: flyer },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const eventPath = `/events/${((await created.json()) as { event: { id: string } }).event.id}`;
    let scriptAskedAt = 0;
    page.on('request', (r) => {
      if (!scriptAskedAt && /\/assets\/index-[\w-]+\.js$/.test(r.url())) scriptAskedAt = Date.now();
    });
    const appsOwnPage = page.getByRole('heading', { level: 2, name: 'Are you going?' });

    // The picture arrives late, as on a slow link: the script is asked for only after it.
    let pictureSentAt = 0;
    await page.route(`**${flyer}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      pictureSentAt = Date.now();
      await route.continue();
    });
    await page.goto(eventPath);
    await expect(appsOwnPage).toBeVisible();
    expect(pictureSentAt).toBeGreaterThan(0);
    expect(scriptAskedAt).toBeGreaterThan(pictureSentAt);

    // The picture fails: the app does not wait for it (its longest wait is 3 s).
    await page.unroute(`**${flyer}`);
    let pictureFailedAt = 0;
    await page.route(`**${flyer}`, async (route) => {
      pictureFailedAt = Date.now();
      await route.fulfill({ status: 404 });
    });
    scriptAskedAt = 0;
    await page.goto(`about:blank`);
    await page.goto(eventPath);
    await expect(appsOwnPage).toBeVisible();
    expect(scriptAskedAt - pictureFailedAt).toBeLessThan(1500);
  });

  test('a list page asks the API once for its data: the preloaded answer is the one its query takes', async ({ page, request }) => {
    await createEvent(request);
    const errors = collectErrors(page);
    for (const { path, data, until } of [
      // The app's own list has replaced the one the server drew, or the loading state.
      { path: '/events', data: ['/api/events', '/api/config'], until: page.locator('[data-event-list="drawn"]') },
      { path: '/aerointel', data: ['/api/articles', '/api/config'], until: page.getByText('Loading articles...') },
    ]) {
      const asked: string[] = [];
      const listen = (r: { url: () => string }) => asked.push(new URL(r.url()).pathname + new URL(r.url()).search);
      page.on('request', listen);
      await page.goto(path);
      await expect(until, path).toHaveCount(0);
      page.off('request', listen);
      for (const address of data) expect(asked.filter((a) => a === address), `${path}: ${address}`).toHaveLength(1);
    }
    expect(errors).toEqual([]);
  });

  test('a signed-in member: each public page hydrates without errors and then shows the member view', async ({ page, member }) => {
    const errors = collectErrors(page);
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true }), path).toBeVisible();
      // The prerendered top bar is a visitor's; once hydrated, the member's own replaces it.
      await expect(page.getByRole('link', { name: 'Join Us' }), path).toHaveCount(0);
    }
    await page.goto('/elections');
    await expect(page.getByRole('link', { name: 'Login to Vote' })).toHaveCount(0);
    if (!isMobile(page)) await expect(page.getByRole('button', { name: new RegExp(`${member.name || member.matric}.*: account menu$`) })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
