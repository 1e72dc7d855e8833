import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { bearer, deleteEvent, tokenOf, unique } from './support/admin.ts';
import { signInAs } from './support/flows.ts';
import { expect, test } from './support/fixtures.ts';
import { expectAccessible, isMobile } from './support/page-checks.ts';

// Signing up for an event: a member opens the event's page from a shared link, says Going and sees
// it there and on the Events list; an events admin finds them in the event's Attendees view and
// downloads the list as CSV.

test('a member says Going and sees it; an events admin sees them among the attendees and exports the CSV @mobile', async ({ page, browser, request, createAccount, adminWith }) => {
  const officer = await adminWith(['is_event_admin'], { name: 'Efe Events', signIn: null });
  const { token } = await tokenOf(request, officer);
  const title = unique('Wind Tunnel Visit');
  const created = await request.post('/api/admin/events', {
    headers: bearer(token),
    data: { title, description: 'A visit to the low-speed wind tunnel.', event_date: new Date(Date.now() + 3 * 864e5).toISOString(), location: 'Hangar 1', capacity: 2 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const eventId = ((await created.json()) as { event: { id: string } }).event.id;
  const name = `Tola Going ${test.info().project.name}`;
  const member = await createAccount({ name });
  const officerContext = await browser.newContext({ ...test.info().project.use, baseURL: process.env.E2E_BASE_URL, viewport: page.viewportSize() });
  try {
    await signInAs(page, member);
    // The member opens the event's page from a shared link and signs up there.
    await page.goto(`/events/${eventId}`);
    const panel = page.getByRole('region', { name: `Are you going to ${title}?` });
    const answer = panel.getByRole('group', { name: `Your answer for ${title}` });
    await expect(panel.getByText('2 of 2 places left.')).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText('You have not answered yet.');
    await expectAccessible(page, 'event page before answering');

    await answer.getByRole('button', { name: 'Going', exact: true }).click();
    await expect(panel.getByRole('status')).toHaveText('You are going.');
    await expect(answer.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByText('1 of 2 places left.')).toBeVisible();
    await expectAccessible(page, 'event page, going');
    // The answer is the member's, kept by the server: the event's card on /events shows it too.
    await page.goto('/events');
    await expect(page.getByRole('article', { name: title }).getByRole('status')).toHaveText('You are going.');
    await expectAccessible(page, 'events list with the answer');

    const officerPage = await officerContext.newPage();
    await signInAs(officerPage, officer);
    await officerPage.goto('/admin/events');
    await officerPage.getByRole('button', { name: `Attendees of ${title}` }).click();
    // A table on a wide screen, a list of cards on a phone.
    const row = isMobile(officerPage)
      ? officerPage.getByRole('list', { name: `Attendees of ${title}` }).getByRole('listitem').filter({ hasText: name })
      : officerPage.getByRole('region', { name: `Attendees of ${title}` }).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Going');
    await expect(row).toContainText(member.matric);
    await expectAccessible(officerPage, 'attendees view');

    const [download] = await Promise.all([officerPage.waitForEvent('download'), officerPage.getByRole('button', { name: `Export CSV of the attendees of ${title}` }).click()]);
    expect(download.suggestedFilename()).toMatch(/^event-attendees-wind-tunnel-visit-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parse(await readFile((await download.path())!), { bom: true }) as string[][];
    expect(header).toEqual(['Name', 'Matric number', 'Level', 'Answer', 'Status', 'Waitlist place', 'Answered at', 'Checked in at']);
    expect(rows.map((r) => [r[0], r[1], r[3], r[4]])).toEqual([[name, member.matric, 'going', 'going']]);
  } finally {
    await officerContext.close();
    // Other tests expect to start from no events of this one.
    await deleteEvent(request, eventId, token);
  }
});
