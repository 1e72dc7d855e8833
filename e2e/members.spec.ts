import { SERVER_MSG } from '@aesa/shared/messages';
import type { Page, Request } from '@playwright/test';
import { waitThroughRetries } from './support/clock.ts';
import { insertMembers } from './support/db.ts';
import { expect, test } from './support/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, isMobile } from './support/page-checks.ts';

// Meet Our Members: filtering and
// paging happen on the server; the filters and the page live in the address bar.

// Every member of this file carries the tag in their name, so that a search for it leaves out
// whoever else is in the database.
const TAG = `Qx${Date.now().toString(36).slice(-5)}`;
const LEVELS = ['100 Level', '200 Level', '300 Level', '400 Level', '500 Level', 'Alumni'];

let firstMember: { id: string; name: string };

test.beforeAll(async () => {
  // 26 members: 3 pages of 12. Alphabetical names make the order predictable (name, then id).
  const members = Array.from({ length: 26 }, (_, i) => ({
    name: `${TAG} Member ${String(i + 1).padStart(2, '0')}`,
    current_level: LEVELS[i % 6]!,
    enrollment_year: 2018 + (i % 7),
    skills: i % 4 === 0 ? ['Aerodynamics', 'MATLAB'] : i % 4 === 1 ? ['CAD Design'] : [],
    roles: i === 0 ? ['Members', 'Treasurer'] : ['Members'],
  }));
  [firstMember] = await insertMembers(members);
  // A second, larger group: enough pages for the pager to collapse (above 7 pages).
  await insertMembers(Array.from({ length: 100 }, (_, i) => ({ name: `${TAG}Crowd ${String(i + 1).padStart(3, '0')}`, current_level: '200 Level' })));
});

const grid = (page: Page) => page.locator('main ul').filter({ has: page.getByRole('link') }).first();
const filters = (page: Page) => page.getByRole('search', { name: 'Filter members' });
const summary = (page: Page) => page.getByText(/^Showing \d+–\d+ of \d+ members?$/);
const memberRequests = (page: Page) => {
  const seen: URL[] = [];
  page.on('request', (r: Request) => {
    if (r.url().includes('/api/members')) seen.push(new URL(r.url()));
  });
  return seen;
};

test('browse the directory and filter it by name, level, role, skills and year @mobile', { tag: '@members' }, async ({ page }) => {
  await page.goto('/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Meet Our Members' })).toBeVisible();
  await expect(page.getByPlaceholder('Search by name')).toBeVisible();
  for (const label of ['Level', 'AESA Role', 'Skills', 'Year']) await expect(filters(page).getByLabel(label, { exact: true })).toBeVisible();
  await expect(summary(page)).toBeVisible();

  // Name search: the address bar follows, and page 1 shows the first 12 by name.
  await page.getByPlaceholder('Search by name').fill(`${TAG} member`);
  await expect(page).toHaveURL(new RegExp(`search=${TAG}\\+member`));
  await expect(summary(page)).toHaveText('Showing 1–12 of 26 members');
  await expect(grid(page).locator(':scope > li')).toHaveCount(12);
  const first = page.getByRole('link', { name: new RegExp(`${TAG} Member 01`) });
  await expect(first).toHaveAttribute('href', `/profile/${firstMember.id}`);
  await expect(first).toContainText('Treasurer');

  await filters(page).getByLabel('Level', { exact: true }).selectOption('Alumni');
  await expect(page).toHaveURL(/level=Alumni/);
  // Members 6, 12, 18, 24 are alumni.
  await expect(summary(page)).toHaveText('Showing 1–4 of 4 members');
  await expect(grid(page).getByRole('heading')).toHaveText(['06', '12', '18', '24'].map((n) => `${TAG} Member ${n}`));

  await filters(page).getByLabel('Level', { exact: true }).selectOption('300 Level');
  await filters(page).getByLabel('Skills', { exact: true }).selectOption('CAD Design');
  // 300 Level: 3, 9, 15, 21; CAD Design: 2, 6, 10, 14, 18, 22, 26 → none in common.
  await expect(page.getByText('No members found matching your search criteria.')).toBeVisible();

  await filters(page).getByLabel('Level', { exact: true }).selectOption('');
  await expect(summary(page)).toHaveText('Showing 1–7 of 7 members');
  await filters(page).getByLabel('Year', { exact: true }).selectOption('2019');
  // Year 2019: members 2, 9, 16, 23; with CAD Design: 2 only.
  await expect(grid(page).getByRole('heading')).toHaveText([`${TAG} Member 02`]);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByPlaceholder('Search by name')).toHaveValue('');
  await expect(filters(page).getByLabel('Skills', { exact: true })).toHaveValue('');

  await page.getByPlaceholder('Search by name').fill(TAG);
  await filters(page).getByLabel('AESA Role', { exact: true }).selectOption('Treasurer');
  await expect(grid(page).getByRole('heading')).toHaveText([`${TAG} Member 01`]);

  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'members, filtered');
});

test('the search box waits for typing to stop before asking the server', { tag: '@members' }, async ({ page }) => {
  await page.goto('/members');
  await expect(summary(page)).toBeVisible();
  const requests = memberRequests(page);
  const box = page.getByPlaceholder('Search by name');
  // When each key reached the page: on a loaded machine a press can land long after the one before.
  await box.evaluate((el) => {
    const at: number[] = [];
    (window as unknown as { keyTimes: number[] }).keyTimes = at;
    el.addEventListener('input', () => at.push(performance.now()));
  });
  await box.pressSequentially(`${TAG} Member 1`, { delay: 40 });
  await expect(summary(page)).toHaveText('Showing 1–10 of 10 members');
  const searches = requests.map((u) => u.searchParams.get('search'));
  expect(searches.at(-1)).toBe(`${TAG} Member 1`);
  // 15 key presses 40 ms apart: one request once typing stops (300 ms without a key), not one per
  // key; a pause of 300 ms or more between two keys is typing that stopped, and may ask once more.
  const keyTimes = await page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
  expect(keyTimes).toHaveLength(`${TAG} Member 1`.length);
  const pauses = keyTimes.slice(1).filter((t, i) => t - keyTimes[i]! >= 300).length;
  expect(searches.length).toBeLessThanOrEqual(2 + pauses);
  expect(searches.length).toBeLessThan(keyTimes.length);
  // Every request pages on the server, 12 at a time.
  for (const url of requests) expect(url.searchParams.get('limit')).toBe('12');
});

test('page through the results; back and forward walk the pages; a filter goes back to page 1 @mobile', { tag: '@members' }, async ({ page }) => {
  await page.goto(`/members?search=${encodeURIComponent(`${TAG} Member`)}`);
  await expect(summary(page)).toHaveText('Showing 1–12 of 26 members');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('link', { name: /^Page \d+$/ })).toHaveCount(3);

  await pager.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(summary(page)).toHaveText('Showing 13–24 of 26 members');
  await expect(grid(page).getByRole('heading').first()).toHaveText(`${TAG} Member 13`);

  await pager.getByRole('link', { name: 'Page 3' }).click();
  await expect(summary(page)).toHaveText('Showing 25–26 of 26 members');
  await expect(pager.getByRole('link', { name: 'Next page' })).toHaveCount(0);

  await page.goBack();
  await expect(summary(page)).toHaveText('Showing 13–24 of 26 members');
  await page.goForward();
  await expect(summary(page)).toHaveText('Showing 25–26 of 26 members');

  // The shared link opens the same page.
  const url = page.url();
  const other = await page.context().newPage();
  await other.goto(url);
  await expect(summary(other)).toHaveText('Showing 25–26 of 26 members');
  await other.close();

  await filters(page).getByLabel('Year', { exact: true }).selectOption('2018');
  await expect(page).not.toHaveURL(/page=/);
  await expect(summary(page)).toHaveText('Showing 1–4 of 4 members');

  // Typing also starts again from page 1.
  await page.goto(`/members?search=${encodeURIComponent(`${TAG} Member`)}&page=2`);
  await expect(summary(page)).toHaveText('Showing 13–24 of 26 members');
  await page.getByPlaceholder('Search by name').fill(`${TAG} Member 2`);
  await expect(summary(page)).toHaveText('Showing 1–7 of 7 members');
  await expect(page).not.toHaveURL(/page=/);

  await expectNoHorizontalScroll(page);
});

test('above 7 pages the pager collapses with ellipses', { tag: '@members' }, async ({ page }) => {
  await page.goto(`/members?search=${TAG}Crowd`);
  await expect(summary(page)).toHaveText('Showing 1–12 of 100 members');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const entries = pager.locator('li');
  // ‹ 1 2 3 4 5 … 9 ›
  await expect(entries).toHaveText(['', '1', '2', '3', '4', '5', '…', '9', '']);
  await pager.getByRole('link', { name: 'Page 5' }).click();
  await expect(entries).toHaveText(['', '1', '…', '4', '5', '6', '…', '9', '']);
  await pager.getByRole('link', { name: 'Page 9' }).click();
  await expect(summary(page)).toHaveText('Showing 97–100 of 100 members');
  await expect(entries).toHaveText(['', '1', '…', '5', '6', '7', '8', '9', '']);
  await expectAccessible(page, 'members, collapsed pager');
  if (isMobile(page)) await expectNoHorizontalScroll(page);
});

test('the previous page stays on screen while the next one loads', { tag: '@members' }, async ({ page }) => {
  await page.goto(`/members?search=${encodeURIComponent(`${TAG} Member`)}`);
  await expect(summary(page)).toHaveText('Showing 1–12 of 26 members');
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route((url) => url.pathname === '/api/members' && url.searchParams.get('page') === '2', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading members...' })).toBeVisible();
  await expect(grid(page).getByRole('heading').first()).toHaveText(`${TAG} Member 01`);
  await expect(grid(page)).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(grid(page).getByRole('heading').first()).toHaveText(`${TAG} Member 13`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading members...' })).toHaveCount(0);
});

test('a page that no longer exists shows the last one; nonsense in the address is ignored', { tag: '@members' }, async ({ page }) => {
  await page.goto(`/members?search=${encodeURIComponent(`${TAG} Member`)}&page=40&level=Astronaut&year=1066`);
  await expect(summary(page)).toHaveText('Showing 25–26 of 26 members');
  await expect(page).toHaveURL(/page=3/);
  await expect(filters(page).getByLabel('Level', { exact: true })).toHaveValue('');
});

test('a failed load says so and offers Try Again; the card and Join Us links work', { tag: '@members' }, async ({ page }) => {
  let fail = true;
  await page.route((url) => url.pathname === '/api/members', (route) =>
    fail ? route.fulfill({ status: 500, json: { success: false, error: 'Members are unavailable', code: 'INTERNAL' } }) : route.continue(),
  );
  await page.clock.install();
  await page.goto('/members');
  await expect(page.getByRole('status').filter({ hasText: 'Loading members...' })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'Error Loading Members' });
  await waitThroughRetries(page, alert);
  // The text of the answer's code, not the server's words.
  await expect(alert).toContainText(`Failed to load members: ${SERVER_MSG.internal}`);
  await expectAccessible(page, 'members, error');

  fail = false;
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await page.getByPlaceholder('Search by name').fill(`${TAG} Member 01`);
  await expect(summary(page)).toHaveText('Showing 1–1 of 1 member');
  await page.getByRole('link', { name: new RegExp(`${TAG} Member 01`) }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${firstMember.id}$`));

  await page.goto('/members');
  await page.getByRole('main').getByRole('link', { name: 'Join Us' }).click();
  await expect(page).toHaveURL(/\/register$/);
});
