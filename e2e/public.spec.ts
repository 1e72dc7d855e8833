import { SERVER_MSG } from '@aesa/shared/messages';
import { MEMBERS_MSG } from '@aesa/shared/members';
import { ABOUT_EXECUTIVE_ORDER } from '@aesa/shared/constants';
import type { Page } from '@playwright/test';
import { waitThroughRetries } from './support/clock.ts';
import { appointExecutive, clearExecutives, insertMembers, newsletterHas } from './support/db.ts';
import { expect, test } from './support/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, isMobile } from './support/page-checks.ts';

// Home, About Us and the footer's newsletter.

const LONG_BIO =
  'Final year student leading the association this session. She builds sounding rockets with the propulsion team, ' +
  'mentors first-year students in CAD and writes for AeroIntel about sustainable aviation fuels and hybrid engines.';

let president: { id: string; name: string };
let sportsDirector: { id: string; name: string };

test.beforeAll(async () => {
  const tag = Date.now().toString(36);
  [president, sportsDirector] = await insertMembers([
    { name: `Zara Presidentia ${tag}`, current_level: '500 Level', bio: LONG_BIO },
    { name: `Sola Sprinter ${tag}`, current_level: '400 Level', bio: 'Captain of the departmental football team.' },
  ]);
});

test.beforeEach(async () => {
  await clearExecutives();
  await appointExecutive(president.id, 'President');
  await appointExecutive(sportsDirector.id, 'Sports Director');
});

const executivesSection = (page: Page) => page.getByRole('region', { name: 'Meet Our Executives' });
const executivesList = (page: Page) => executivesSection(page).getByRole('list', { name: /^Executives, page/ });

test.describe('home', { tag: '@public' }, () => {
  test('shows the hero, the sections and the current executives, without sideways scrolling @mobile', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: "Aerospace Engineering Students' Association" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show picture 1 of 4' })).toHaveAttribute('aria-pressed', 'true');
    for (const title of ['About Us', 'Our Mission', 'Our Vision', 'Our Activities', 'Upcoming Events', 'Explore AeroIntel']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    for (const activity of ['Industry visits', 'Webinars', 'Conferences', 'Projects']) {
      await expect(page.getByRole('heading', { name: activity, exact: true })).toBeVisible();
    }

    // Page 0 of the carousel: President (a link to the holder), Vice President and General
    // Secretary (vacant: the position's name, the default bio and picture, no link).
    const list = executivesList(page);
    await expect(list).toHaveAttribute('aria-label', 'Executives, page 1 of 4');
    const card = list.getByRole('link', { name: new RegExp(president.name) });
    await expect(card).toHaveAttribute('href', `/profile/${president.id}`);
    await expect(list.getByRole('heading', { name: 'Vice President' })).toBeVisible();
    await expect(list.getByRole('link', { name: /Vice President/ })).toHaveCount(0);

    // Bio: 3 words on a phone, about 150 characters cut at a word on a wider screen.
    const bio = card.locator('p:visible').last();
    if (isMobile(page)) {
      await expect(bio).toHaveText('Final year student...');
    } else {
      const text = (await bio.textContent()) ?? '';
      expect(text.endsWith('...')).toBe(true);
      expect(text.length - 3).toBeLessThanOrEqual(150);
      expect(text.length - 3).toBeGreaterThanOrEqual(130);
      expect(LONG_BIO.startsWith(text.slice(0, -3))).toBe(true);
      expect(LONG_BIO[text.length - 3]).toBe(' ');
    }

    await expectNoHorizontalScroll(page);
    await expectAccessible(page, 'home');
  });

  test('the slideshows move on their timers, wrap, and follow their dots', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const list = executivesList(page);
    await expect(list.getByRole('link', { name: new RegExp(president.name) })).toBeVisible();

    // Stop the page's clock, then start both slideshows from their first slide at the same moment.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    await page.getByRole('button', { name: 'Show picture 1 of 4' }).click();
    await executivesSection(page).getByRole('button', { name: 'Show executives page 1 of 4' }).click();
    // Focus or a pointer on the carousel holds it still: leave it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);

    await page.clock.runFor(2000);
    await expect(page.getByRole('button', { name: 'Show picture 2 of 4' })).toHaveAttribute('aria-pressed', 'true');
    await expect(list).toHaveAttribute('aria-label', 'Executives, page 1 of 4');

    // 4 s a page: 1 → 2 → 3 → 4 → back to 1.
    await page.clock.runFor(2000);
    await expect(list).toHaveAttribute('aria-label', 'Executives, page 2 of 4');
    await expect(list.getByRole('heading', { name: 'Assistant General Secretary' })).toBeVisible();
    await page.clock.runFor(8000);
    await expect(list).toHaveAttribute('aria-label', 'Executives, page 4 of 4');
    await expect(list.getByRole('link', { name: new RegExp(sportsDirector.name) })).toHaveAttribute('href', `/profile/${sportsDirector.id}`);
    await page.clock.runFor(4000);
    await expect(list).toHaveAttribute('aria-label', 'Executives, page 1 of 4');

    // A dot chooses a page; while the pointer or focus is on the carousel it stays there.
    await executivesSection(page).getByRole('button', { name: 'Show executives page 3 of 4' }).click();
    await expect(list).toHaveAttribute('aria-label', 'Executives, page 3 of 4');
    await expect(list.getByRole('heading', { name: 'Welfare Director' })).toBeVisible();
    await page.clock.runFor(8000);
    await expect(list).toHaveAttribute('aria-label', 'Executives, page 3 of 4');

    await page.getByRole('button', { name: 'Show picture 4 of 4' }).click();
    await expect(page.getByRole('button', { name: 'Show picture 4 of 4' })).toHaveAttribute('aria-pressed', 'true');

    // Pausing stops the pictures.
    await page.getByRole('button', { name: 'Pause background pictures' }).click();
    await page.clock.runFor(6000);
    await expect(page.getByRole('button', { name: 'Show picture 4 of 4' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Play background pictures' }).click();
    await page.clock.runFor(2000);
    await expect(page.getByRole('button', { name: 'Show picture 1 of 4' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('with reduced motion nothing moves on its own', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await expect(executivesList(page).getByRole('link', { name: new RegExp(president.name) })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page.getByRole('button', { name: 'Show picture 1 of 4' })).toHaveAttribute('aria-pressed', 'true');
    await expect(executivesList(page)).toHaveAttribute('aria-label', 'Executives, page 1 of 4');
    await expect(page.getByRole('button', { name: /^Pause/ })).toHaveCount(0);
  });

  test('links go where the spec says; View All Events goes to /events', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Join Us' }).first().click();
    await expect(page).toHaveURL(/\/register$/);

    // The Upcoming Events block shows the events of /events (e2e/first-week.spec.ts), and its
    // View All Events is a real link there.
    await page.goto('/');
    await page.getByRole('region', { name: 'Upcoming Events' }).getByRole('link', { name: 'View All Events' }).click();
    await expect(page).toHaveURL(/\/events$/);

    await page.goto('/');
    await page.getByRole('link', { name: 'Browse' }).click();
    await expect(page).toHaveURL(/\/aerointel$/);
  });

  test('a connection failure shows the placeholders without a word; another failure says so', async ({ page }) => {
    await page.clock.install();
    await page.route('**/api/executives', (route) => route.abort('failed'));
    await page.goto('/');
    const list = executivesList(page);
    await waitThroughRetries(page, list.getByRole('heading', { name: 'President', exact: true }));
    await expect(list.locator('p:visible', { hasText: /^This office/ }).first()).toBeVisible();
    await expect(executivesSection(page).getByRole('alert')).toHaveCount(0);
    await expect(list.getByRole('link')).toHaveCount(0);

    await page.unroute('**/api/executives');
    await page.route('**/api/executives', (route) =>
      route.fulfill({ status: 500, json: { success: false, error: 'The executives list is unavailable', code: 'INTERNAL' } }),
    );
    await page.reload();
    await waitThroughRetries(page, executivesSection(page).getByRole('alert'));
    await expect(executivesSection(page).getByRole('alert')).toHaveText(`Failed to load executives: ${SERVER_MSG.internal}`);
    await expect(list.getByRole('heading', { name: 'President', exact: true })).toBeVisible();
  });
});

test.describe('about', { tag: '@public' }, () => {
  const grid = (page: Page) => page.getByRole('region', { name: 'Our Executives' });

  test('shows the info cards, gallery, mission, vision and the executives grid @mobile', async ({ page }) => {
    // Hold the answer back to see the loading state.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/executives', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(grid(page).getByRole('status')).toHaveText('Loading executives...');
    release();
    await expect(page.getByText(/officially approved in the 2024-2025 academic session/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Gallery' }).locator('img:visible')).toHaveCount(6);

    const cards = grid(page).getByRole('listitem');
    await expect(cards).toHaveCount(10);
    await expect(cards.getByRole('heading')).toHaveText([...ABOUT_EXECUTIVE_ORDER]);

    const presidentCard = grid(page).getByRole('link', { name: new RegExp(president.name) });
    await expect(presidentCard).toHaveAttribute('href', `/profile/${president.id}`);
    await expect(grid(page).getByRole('link', { name: new RegExp(sportsDirector.name) })).toHaveAttribute(
      'href',
      `/profile/${sportsDirector.id}`,
    );
    // A vacant office: same card, not a link, nothing to focus.
    await expect(grid(page).getByRole('link')).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Vice President' }).locator('a, [tabindex]')).toHaveCount(0);

    if (!isMobile(page)) {
      // Nine in a 3x3 grid, Sports Director centred below them.
      const boxes = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      const rows = new Set(boxes.slice(0, 9).map((b) => Math.round(b.top)));
      expect(rows.size).toBe(3);
      const centre = (b: DOMRect) => b.left + b.width / 2;
      expect(Math.abs(centre(boxes[9]!) - centre(boxes[4]!))).toBeLessThan(2);
      expect(boxes[9]!.top).toBeGreaterThan(boxes[8]!.bottom);
    }

    await presidentCard.click();
    await expect(page).toHaveURL(new RegExp(`/profile/${president.id}$`));

    await page.goto('/about');
    await expect(grid(page).getByRole('link')).toHaveCount(2);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, 'about');
  });

  // The circle is the small-screen gallery: the phone project only.
  test('the gallery circle turns on a phone, and stands still with reduced motion @mobile @phone-only', async ({ page }) => {
    await page.goto('/about');
    const circle = page.getByRole('region', { name: 'Gallery' }).locator('ul:visible').first();
    await expect(circle).toBeVisible();
    expect(await circle.evaluate((el) => getComputedStyle(el).animationName)).toBe('spin');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await circle.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });

  test('without the server it says so, shows the positions and offers Try Again', async ({ page }) => {
    await page.clock.install();
    await page.route('**/api/executives', (route) => route.abort('failed'));
    await page.goto('/about');
    const alert = grid(page).getByRole('alert');
    await waitThroughRetries(page, alert);
    await expect(alert).toContainText('Unable to connect to server. Using placeholder data.');
    await expect(grid(page).getByRole('listitem')).toHaveCount(10);
    await expect(grid(page).getByRole('link')).toHaveCount(0);
    await expectAccessible(page, 'about, error');

    // Try Again reloads the page; the server answers this time.
    await page.unroute('**/api/executives');
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(grid(page).getByRole('link', { name: new RegExp(president.name) })).toBeVisible();
    await expect(grid(page).getByRole('alert')).toHaveCount(0);
  });

  test("another failure says the text of the answer's code, not the server's words", async ({ page }) => {
    await page.clock.install();
    await page.route('**/api/executives', (route) => route.fulfill({ status: 500, json: { success: false, error: 'Boom', code: 'INTERNAL' } }));
    await page.goto('/about');
    await waitThroughRetries(page, grid(page).getByRole('alert'));
    await expect(grid(page).getByRole('alert')).toContainText(`Failed to load executives: ${SERVER_MSG.internal}`);
  });
});

test.describe('newsletter', { tag: '@public' }, () => {
  test('signs a visitor up, confirms and clears the field @mobile', async ({ page }) => {
    const email = `reader.${Date.now().toString(36)}@example.com`;
    await page.goto('/about');
    const form = page.getByRole('form', { name: 'Subscribe to our newsletter' });
    const input = form.getByRole('textbox', { name: 'Email address' });
    await expect(input).toHaveAttribute('type', 'email');
    await expect(input).toHaveAttribute('required', '');

    await input.fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toContainText(MEMBERS_MSG.newsletterThanks);
    await expect(input).toHaveValue('');
    expect(await newsletterHas(email)).toBe(true);

    // The same address again: the same answer (the list does not say who is on it).
    await input.fill(email.toUpperCase());
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toContainText(MEMBERS_MSG.newsletterThanks);
    await expectAccessible(page, 'newsletter confirmation');
  });

  test("an invalid address is refused by the browser; a server's refusal is shown in the words of its code", async ({ page }) => {
    let calls = 0;
    await page.route('**/api/newsletter', (route) => {
      calls++;
      return route.fulfill({ status: 429, json: { success: false, error: 'Slow down', code: 'RATE_LIMITED' } });
    });
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Subscribe to our newsletter' });
    const input = form.getByRole('textbox', { name: 'Email address' });

    await form.getByRole('button', { name: 'Subscribe' }).click();
    await input.fill('not-an-address');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    expect(await input.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
    expect(calls).toBe(0);

    await input.fill('someone@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toHaveText(/Too many requests\. Please wait a moment and try again\./);
    await expect(input).toHaveValue('someone@example.com');
    expect(calls).toBe(1);
  });
});
