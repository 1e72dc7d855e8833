import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, theSuperAdmin, unique } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { isMobile } from './support/page-checks.ts';

// The public pages arrive prerendered: readable with JavaScript off (as on a slow network before
// the script arrives), then hydrated by the app, which works as usual, with no console error
// (a hydration mismatch is reported as one). A signed-in member's page hydrates cleanly too.
// Runs at 1280 px and, tagged @mobile, at 390 px.

const PAGES = [
  { path: '/', heading: "Aerospace Engineering Students' Association", text: 'Where future engineers of flight and space learn, build and lead together.' },
  { path: '/about', heading: 'About Us', text: 'a community that learns, builds and leads together.' },
  { path: '/events', heading: 'Events', text: 'Loading events...' },
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
      // The event's page: its frame while it loads with the event's heading (the server writes it
      // in), and its own title for the tab and link previews.
      await page.goto(`/events/${eventId}`);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'All events' })).toBeVisible();
      await expect(page.getByText('Loading event...').last()).toBeVisible();
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

    // An event's page hydrates the heading the server wrote in, then shows the whole event.
    const event = await createEvent(request);
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('article', { name: event.title }).getByRole('link', { name: /^Add to calendar/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.title);
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
