import { MSG } from '@aesa/shared/messages';
import type { Locator, Page } from '@playwright/test';
import { bearer, deleteEvent, tokenOf, unique } from './support/admin.ts';
import { expect, test as base } from './support/fixtures.ts';
import { expectAccessibleAtBothWidths } from './support/page-checks.ts';
import { makePng } from './support/profile-support.ts';

// A new member's first week: pages that agree with each other, and the small things (the 404
// page for a malformed address, the expired-session message, toasts beside dialogs, cards that
// keep their own height). Every test runs at 1280 px and, tagged @mobile, at 390 px.

const flash = (page: Page, text: string) => page.locator('[data-flash]').filter({ hasText: text });

/** The title of the drawing an <img> shows (inlined as a data: URL or served as a file). */
async function drawingTitle(page: Page, image: Locator): Promise<string> {
  const src = (await image.getAttribute('src')) ?? '';
  const svg = src.startsWith('data:') ? decodeURIComponent(src.slice(src.indexOf(',') + 1)) : await (await page.request.get(src)).text();
  return /<title[^>]*>([^<]*)<\/title>/.exec(svg)?.[1] ?? '';
}

type SoonEvent = { title: string; type: string; date: string };

const test = base.extend<{ soonEvents: () => Promise<SoonEvent[]> }>({
  /**
   * Makes upcoming events without flyers, one of each type, within the next hour (before any
   * other test's), as an event admin of its own, and deletes them after the test whatever
   * happened, as the shared fixtures do with what they make: a later test on the same server may
   * need the events list empty.
   */
  soonEvents: async ({ request, adminWith }, use) => {
    const made: { id: string; token: string }[] = [];
    await use(async () => {
      const admin = await adminWith(['is_event_admin'], { name: 'Eve Events', signIn: null });
      const { token } = await tokenOf(request, admin);
      const events: SoonEvent[] = [];
      for (const [i, type] of ['Hands-on Workshop', 'Industry Visit', 'Social', 'Competition'].entries()) {
        const title = unique(`First Week ${type}`);
        const date = new Date(Date.now() + (20 + i) * 60_000).toISOString();
        const res = await request.post('/api/admin/events', { headers: bearer(token), data: { title, description: `A ${type.toLowerCase()} for new members.`, event_date: date, location: 'Hall B', event_type: type } });
        expect(res.ok(), await res.text()).toBe(true);
        made.push({ id: ((await res.json()) as { event: { id: string } }).event.id, token });
        events.push({ title, type, date });
      }
      return events;
    });
    for (const { id, token } of made) await deleteEvent(request, id, token);
  },
});

test.describe('pages that agree @public @mobile', () => {
  test('the home page shows the next three events of /events, with pictures by type, and View All Events goes there', async ({ page, soonEvents }) => {
    const created = await soonEvents();

    await page.goto('/events');
    const eventCards = page.getByRole('main').getByRole('article');
    await expect(eventCards.filter({ hasText: created[3]!.title })).toBeVisible();
    // Each card's title: its first heading (a card may also hold the "Are you going?" panel's).
    const titlesOf = (cards: Locator) => cards.evaluateAll((articles) => articles.map((a) => a.querySelector('h2, h3, h4')?.textContent ?? ''));
    const firstThree = (await titlesOf(eventCards)).slice(0, 3);
    expect(firstThree.length).toBe(3);
    // Each kind has its own drawing; a type that names no kind gets the general one.
    const expected: Record<string, RegExp> = {
      'Hands-on Workshop': /workshop/i,
      'Industry Visit': /industry visit/i,
      Social: /^social/i,
      Competition: /calendar page/i,
    };
    for (const event of created) {
      const card = eventCards.filter({ hasText: event.title });
      expect(await drawingTitle(page, card.locator('img')), event.type).toMatch(expected[event.type]!);
    }
    await expect(eventCards.filter({ hasText: created[0]!.title }).locator('time')).toHaveAttribute('datetime', created[0]!.date);
    // Another run's events may be sooner than this run's: compare the soonest, whichever it is.
    const soonest = eventCards.first().locator('time');
    const [eventsTime, eventsInstant] = [await soonest.textContent(), await soonest.getAttribute('datetime')];
    await expectAccessibleAtBothWidths(page, '/events');

    await page.goto('/');
    const block = page.getByRole('region', { name: 'Upcoming Events' });
    await expect(block.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
    await expect(block.getByRole('article')).toHaveCount(3);
    expect(await titlesOf(block.getByRole('article'))).toEqual(firstThree);
    await expect(page.getByText(/coming soon|to be announced/i)).toHaveCount(0);
    // The same time, in the association's zone, on both pages.
    const homeTime = block.getByRole('article').first().locator('time');
    await expect(homeTime).toHaveText(eventsTime!);
    await expect(homeTime).toHaveAttribute('datetime', eventsInstant!);
    await block.scrollIntoViewIfNeeded();
    await expectAccessibleAtBothWidths(page, 'home');

    await block.getByRole('link', { name: 'View All Events' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  });

  test('AeroIntel does not claim to be under development', async ({ page }) => {
    await page.goto('/aerointel');
    await expect(page.getByRole('heading', { level: 1, name: 'AeroIntel' })).toBeVisible();
    await expect(page.getByText(/under development|coming soon/i)).toHaveCount(0);
  });
});

test.describe('small things @public @mobile', () => {
  test('a malformed address shows the site 404 page; under /api it keeps the JSON error', async ({ page, request }) => {
    const api = await request.get('/api/profile/%E0%A4%A');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });

    await page.goto('/profile/%E0%A4%A');
    await expect(page.getByRole('heading', { name: MSG.notFoundPage })).toBeVisible();
    await expectAccessibleAtBothWidths(page, '404 for a malformed address');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a page load with an expired stored session shows "Session expired. Please login again." on the login page', async ({ page, request, createAccount }) => {
    const member = await createAccount();
    const login = await request.post('/api/auth/token', { data: { matric_number: member.matric, password: member.password } });
    const session = (await login.json()) as { token: string; user: unknown };
    // The session as a browser keeps it, its expiry passed while the member was away.
    await page.addInitScript((s) => {
      if (sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      localStorage.setItem('aesa.token', s.token);
      localStorage.setItem('aesa.expires_at', String(Date.now() - 60_000));
      localStorage.setItem('aesa.user', JSON.stringify(s.user));
    }, session);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await expect(flash(page, MSG.sessionExpired)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('aesa.token'))).toBeNull();
    await expectAccessibleAtBothWidths(page, 'login with the expired-session message');
  });

  test('a toast never covers the close button of a dialog', async ({ page, member: _signedIn }) => {
    await page.goto('/profile');
    if ((page.viewportSize()?.width ?? 1280) < 1024) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Settings' }).click();
    } else {
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
    }
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Change Password' }).click();
    await dialog.getByLabel('Current Password', { exact: true }).fill('not-my-password-1');
    await dialog.getByLabel('New Password', { exact: true }).fill('BrandNewPass123!');
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('BrandNewPass123!');
    await dialog.getByRole('button', { name: 'Change Password', exact: true }).click();
    const toast = page.locator('[data-flash="error"]').first();
    await expect(toast).toBeVisible();

    const close = dialog.getByRole('button', { name: 'Close', exact: true });
    await expect(async () => {
      const [a, b] = [await toast.boundingBox(), await close.boundingBox()];
      const overlap = !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, 'the toast overlaps the close button').toBe(false);
    }).toPass();
    await expectAccessibleAtBothWidths(page, 'settings dialog with a toast', { include: '[role="dialog"]' });
    // A real click (no force): it reaches the button only if nothing lies on top of it.
    await close.click();
    await expect(dialog).toBeHidden();
  });

  test('profile cards in a row keep their own height', async ({ page, request, createAccount }) => {
    const member = await createAccount();
    const headers = bearer((await tokenOf(request, member)).token);
    const upload = await request.post('/api/profile/me/upload/data-image', {
      headers,
      multipart: { type: 'achievements', file: { name: 'award.png', mimeType: 'image/png', buffer: makePng(320, 200, [47, 128, 237], [242, 153, 74]) } },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const { url } = (await upload.json()) as { url: string };
    for (const [title, image] of [
      ['Dean’s list', url],
      ['Best poster', null],
    ] as const) {
      const res = await request.post('/api/profile/me/achievements', { headers, data: { title, date_achieved: '2025-06-01', achievement_image_url: image } });
      expect(res.ok(), await res.text()).toBe(true);
    }
    await page.goto(`/profile/${member.id}`);
    const withImage = page.getByRole('article').filter({ hasText: 'Dean’s list' });
    const textOnly = page.getByRole('article').filter({ hasText: 'Best poster' });
    await expect(withImage.locator('img')).toBeVisible();
    const [a, b] = [(await withImage.boundingBox())!, (await textOnly.boundingBox())!];
    // Side by side from 768 px, stacked below: either way the text-only card is shorter.
    expect(b.height).toBeLessThan(a.height - 100);
    await expectAccessibleAtBothWidths(page, 'profile with cards');
  });
});
