import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { MSG } from '@aesa/shared/messages';
import { parseCalendar } from '../apps/server/test/support/ical.ts';
import { asRead, bearer, deleteEvent, PNG, theSuperAdmin, unique } from './support/admin.ts';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectAccessible } from './support/page-checks.ts';

// An event's own page as a visitor meets it: from a shared link (direct navigation), with what
// a link preview reads in the raw HTML, and "Add to calendar" giving a file a calendar reads.
// Runs at 1280 px and, tagged @mobile, at 390 px.

const decode = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
/** The content of `<meta property="…">` in the head of the raw HTML, decoded. */
function ogTag(html: string, property: string): string | null {
  const head = html.slice(0, html.indexOf('</head>'));
  const match = new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(head);
  return match ? decode(match[1]!) : null;
}

/**
 * The status badge is shown once, in its one place: the first line of the details, above the title.
 * Measured again until it holds: the page the server wrote in is replaced by the app's own once the
 * app runs, so an element found a moment ago may be gone when it is measured.
 */
async function expectOneBadgeAboveTitle(details: Locator, status: string, title: Locator) {
  const badge = details.getByText(status, { exact: true });
  await expect(badge).toHaveCount(1);
  await expect(async () => {
    const [badgeBox, titleBox] = [await badge.boundingBox(), await title.boundingBox()];
    expect(badgeBox && titleBox, 'badge and title on screen').toBeTruthy();
    expect(badgeBox!.y + badgeBox!.height).toBeLessThanOrEqual(titleBox!.y);
  }).toPass();
}

test.describe('event pages @public @mobile', () => {
  test('a visitor opens a shared event link, reads title, time, place and status, the preview tags are in the HTML, and the calendar file parses', async ({ page, request }) => {
    const { token } = await theSuperAdmin(request);
    // Quotes and markup in the title: the page and its head must show them as text.
    const title = unique(`Rocket "Launch" <Night> & Demo`);
    const eventDate = new Date(Date.now() + 10 * 24 * 60 * 60_000);
    eventDate.setUTCSeconds(0, 0);
    const created = await request.post('/api/admin/events', {
      headers: bearer(token),
      data: { title, description: 'Static fire of the club rocket.\nBring ear protection.', event_date: eventDate.toISOString(), location: 'Launch Field, Gate 3', event_type: 'Workshop' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const id = ((await created.json()) as { event: { id: string } }).event.id;
    const postponed = await request.patch(`/api/admin/events/${id}`, { headers: await asRead(request, `/api/admin/events/${id}`, token), data: { status: 'postponed' } });
    expect(postponed.ok(), await postponed.text()).toBe(true);

    try {
      // What a chat app reads when the link is pasted: the raw HTML, no script run.
      const raw = await request.get(`/events/${id}`);
      expect(raw.status()).toBe(200);
      const html = await raw.text();
      expect(html).not.toContain('<Night>');
      expect(ogTag(html, 'og:title')).toBe(title);
      expect(ogTag(html, 'og:type')).toBe('website');
      expect(ogTag(html, 'og:description')).toBe('Static fire of the club rocket. Bring ear protection.');
      const pageUrl = new URL(ogTag(html, 'og:url')!);
      expect(pageUrl.pathname).toBe(`/events/${id}`);
      const image = await request.get(new URL(ogTag(html, 'og:image')!).toString());
      expect(image.headers()['content-type']).toBe('image/png');

      await page.goto(`/events/${id}`);
      const heading = page.getByRole('heading', { level: 1, name: title });
      await expect(heading).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `));
      const details = page.getByRole('article', { name: title });
      await expect(details.locator('time')).toHaveAttribute('datetime', eventDate.toISOString());
      await expect(details.getByText('Launch Field, Gate 3')).toBeVisible();
      await expectOneBadgeAboveTitle(details, 'Postponed', heading);
      await expectAccessible(page, 'event page');

      const download = page.waitForEvent('download');
      await details.getByRole('link', { name: /^Add to calendar/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^rocket-launch-night-demo-[a-z0-9-]+\.ics$/);
      const [event] = parseCalendar(fs.readFileSync((await file.path())!, 'utf8')).events;
      expect(event!.uid).toBe(`${id}@${pageUrl.hostname}`);
      expect(event!.start.toISOString()).toBe(eventDate.toISOString());
      expect(event!.summary).toBe(`Postponed: ${title}`);
      expect(event!.status).toBe('TENTATIVE');
      expect(event!.location).toBe('Launch Field, Gate 3');

      // Its card on /events: the badge in the same place, and Details leads to the page.
      await page.goto('/events');
      const card = page.getByRole('article', { name: title });
      await expectOneBadgeAboveTitle(card, 'Postponed', card.getByRole('heading', { name: title }));
      await card.getByRole('link', { name: /^Details/ }).click();
      await expect(page).toHaveURL(new RegExp(`/events/${id}$`));
      await expect(heading).toBeVisible();

      // An address that names no event: the site's not-found page, with a 404 status.
      expect((await request.get(`/events/${randomUUID()}`)).status()).toBe(404);
      await page.goto(`/events/${randomUUID()}`);
      await expect(page.getByRole('heading', { name: MSG.notFoundPage })).toBeVisible();
    } finally {
      await deleteEvent(request, id, token);
    }
  });

  test('a flyer linked from another site is shown, on the event\'s page and on its card', async ({ page, request }) => {
    const { token } = await theSuperAdmin(request);
    const title = unique('Linked Flyer Evening');
    const flyer = `https://flyers.example.test/${randomUUID()}.png`;
    const created = await request.post('/api/admin/events', {
      headers: bearer(token),
      data: { title, description: 'Its flyer lives elsewhere.', event_date: new Date(Date.now() + 3 * 86_400_000).toISOString(), location: 'Hangar 5', flyer_image_url: flyer },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const id = ((await created.json()) as { event: { id: string } }).event.id;
    try {
      // The other site, answered here: the page's policy must let the browser ask it.
      await page.route(flyer, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG }));
      const shown = async (picture: Locator) => {
        await expect(picture).toBeVisible();
        await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      };
      await page.goto(`/events/${id}`);
      await shown(page.getByRole('article', { name: title }).getByRole('img', { name: `Flyer for ${title}` }));
      await page.goto('/events');
      await shown(page.getByRole('article', { name: title }).getByRole('img', { name: `Flyer for ${title}` }));
    } finally {
      await deleteEvent(request, id, token);
    }
  });
});
