import { REMINDER_MSG, TURNOUT_MSG } from '@aesa/shared/turnout';
import { WINNERS_MSG } from '@aesa/shared/election-winners';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { RESULTS_TEXT } from '@aesa/shared/elections';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bearer, recordDialogs, theSuperAdmin, tokenOf } from './support/admin.ts';
import { appointExecutive, currentHolders } from './support/db.ts';
import { castVote } from './support/elections.ts';
import { type Account, type Election, expect, test } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';
import { DIALOG, expectAccessible, expectAccessibleAtBothWidths } from './support/page-checks.ts';

// After the vote: the results as bars with shares and the winner or the tie marked; the winners
// installed as the executives in one confirmed step and shown on the About page; the turnout
// chart with its figures as text; the reminder to those who have not voted, with its exact number.

const names = { winner: 'Ada Winner', runnerUp: 'Bayo Second', tiedA: 'Chi Tied', tiedB: 'Dayo Tied' };
const POSITIONS = { President: [names.winner, names.runnerUp], 'Vice President': [names.tiedA, names.tiedB] };

/** Three verified members, made before the election opens: the roll is frozen when voting opens. */
const threeVoters = (createAccount: (o: { verified: boolean }) => Promise<Account>) => Promise.all([0, 1, 2].map(() => createAccount({ verified: true })));

/** The three vote: President 2 to 1, Vice President 1 to 1 (a tie). */
async function castThreeBallots(request: APIRequestContext, election: Election, voters: Account[]) {
  const [t1, t2, t3] = await Promise.all(voters.map(async (v) => (await tokenOf(request, v)).token));
  const vote = (token: string, name: string) => {
    const c = election.candidate(name);
    return castVote(request, token, election.id, { candidateId: c.candidateId, position: c.position });
  };
  await vote(t1!, names.winner);
  await vote(t1!, names.tiedA);
  await vote(t2!, names.winner);
  await vote(t2!, names.tiedB);
  await vote(t3!, names.runnerUp);
}

/** Voting is closed now and the final results are published, as an officer does it (Close Voting Now, then Publish Final Results). */
async function closeAndPublish(request: APIRequestContext, electionId: string) {
  const headers = bearer((await theSuperAdmin(request)).token);
  const closed = await request.post(`/api/elections/${electionId}/close-voting`, { headers });
  expect(closed.ok(), await closed.text()).toBe(true);
  const published = await request.post(`/api/elections/${electionId}/publish-final-results`, { headers });
  expect(published.ok(), await published.text()).toBe(true);
}

const candidateRow = (dialog: Locator, position: string, name: string) => dialog.locator(`section[data-position="${position}"] li`).filter({ hasText: name });
const electionCard = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('after the vote', { tag: '@voting' }, () => {
  test('the final results read at a glance: shares as text and bars, the winner and the tie marked @mobile', async ({ page, request, election: newElection, createAccount }) => {
    test.setTimeout(180_000);
    const voters = await threeVoters(createAccount);
    const election = await newElection({ positions: POSITIONS });
    await castThreeBallots(request, election, voters);
    await closeAndPublish(request, election.id);

    await page.goto(`/elections/results/${election.id}`);
    // Voting has ended: the final results, with nothing live about them.
    const results = page.getByRole('dialog', { name: RESULTS_TEXT.finalTitle });
    const winner = candidateRow(results, 'President', names.winner);
    await expect(winner).toContainText('2 votes (66.7%)');
    await expect(winner).toContainText('Winner');
    await expect(winner).toHaveAttribute('data-mark', 'winner');
    await expect(candidateRow(results, 'President', names.runnerUp)).toContainText('1 vote (33.3%)');
    await expect(candidateRow(results, 'President', names.runnerUp)).not.toContainText('Winner');
    for (const tied of [names.tiedA, names.tiedB]) {
      const row = candidateRow(results, 'Vice President', tied);
      await expect(row).toContainText('1 vote (50%)');
      await expect(row).toContainText('Tie');
      await expect(row).not.toContainText('Winner');
    }
    await expect(results.locator('section[data-position="Vice President"]')).toContainText('the rules call for a re-election');
    await expect(results.getByText('Real-Time')).toHaveCount(0);
    await expect(results.locator('[data-live-status]')).toHaveCount(0);
    await page.screenshot({ path: `/tmp/election-ops-results-${page.viewportSize()?.width}.png` });
    await expectAccessible(page, 'results bars', { include: DIALOG });
  });

  test('an electoral admin installs the winners in one confirmed step; the About page shows the new council', async ({ page, browser, request, election: newElection, createAccount, adminWith }) => {
    test.setTimeout(180_000);
    const before = await currentHolders('President');
    const voters = await threeVoters(createAccount);
    const election = await newElection({ positions: POSITIONS });
    await castThreeBallots(request, election, voters);
    await closeAndPublish(request, election.id);
    try {
      await adminWith(['is_electoral_admin']);
      await page.goto('/admin/electoral');
      await electionCard(page, election.title).getByRole('button', { name: WINNERS_MSG.action }).click();
      const dialog = page.getByRole('dialog', { name: WINNERS_MSG.action });
      await expect(dialog.locator('[data-position="President"]')).toContainText(`${names.winner} (2 votes) becomes President.`);
      await expect(dialog.locator('[data-position="Vice President"]')).toContainText(`Tie between`);
      await expect(dialog.locator('[data-position="Vice President"]')).toContainText('not installed');
      await expect(dialog.getByText(WINNERS_MSG.tiesNotInstalled)).toBeVisible();
      await dialog.getByLabel('Session year').fill('2026/2027');
      await dialog.getByRole('button', { name: WINNERS_MSG.action }).click();
      await expect(dialog.getByText(ADMIN_MSG.yearInvalid)).toBeVisible();
      await dialog.getByLabel('Session year').fill('2026-2027');
      await expect(dialog.getByText(WINNERS_MSG.confirm(1, '2026-2027'))).toBeVisible();
      await page.screenshot({ path: `/tmp/election-ops-install-${page.viewportSize()?.width}.png` });
      await expectAccessibleAtBothWidths(page, 'install winners', { include: DIALOG });
      await dialog.getByRole('button', { name: WINNERS_MSG.action }).click();
      await expect(page.getByText(WINNERS_MSG.installed(1, '2026-2027'))).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // Asking again says it is done.
      await electionCard(page, election.title).getByRole('button', { name: WINNERS_MSG.action }).click();
      await expect(page.getByRole('dialog', { name: WINNERS_MSG.action })).toContainText(WINNERS_MSG.installedOn('2026-2027'));
      await page.keyboard.press('Escape');

      // The About page shows the new President.
      await page.goto('/about');
      const card = page.getByRole('list').getByRole('link').filter({ hasText: 'President' }).filter({ hasText: names.winner });
      await expect(card.first()).toBeVisible();
      await expect(page.getByText(names.tiedA)).toHaveCount(0);

      // A data admin, who may not open the Electoral screen, finds the step on the Executives tab: done already.
      const context = await browser.newContext();
      const dataPage = await context.newPage();
      await adminWith(['is_data_admin'], { signIn: dataPage });
      await dataPage.goto('/admin/data');
      await dataPage.getByRole('tab', { name: 'Executives' }).click();
      const panel = dataPage.getByRole('region', { name: 'Election winners' });
      await panel.getByRole('button', { name: `${WINNERS_MSG.action}: ${election.title}` }).click();
      await expect(dataPage.getByRole('dialog', { name: WINNERS_MSG.action })).toContainText(WINNERS_MSG.installedOn('2026-2027'));
      await dataPage.keyboard.press('Escape');
      await expect(dataPage.getByRole('list', { name: 'Executive offices' }).getByRole('article', { name: 'President', exact: true })).toContainText(names.winner);
      await context.close();
    } finally {
      for (const id of before) await appointExecutive(id, 'President');
    }
  });

  test('the turnout chart with its figures as text, and the reminder with the exact number @mobile', async ({ page, request, election: newElection, createAccount, adminWith }) => {
    test.setTimeout(180_000);
    const voters = await threeVoters(createAccount);
    const nonVoter = await createAccount({ verified: true, name: 'Nnamdi Not Yet' });
    const lateVoter = await createAccount({ verified: true });
    const election = await newElection({ positions: POSITIONS });
    await castThreeBallots(request, election, voters);
    await adminWith(['is_electoral_admin']);
    const dialogs = await recordDialogs(page);
    await page.goto('/admin/electoral');
    await electionCard(page, election.title).getByRole('button', { name: TURNOUT_MSG.title }).click();
    const dialog = page.getByRole('dialog', { name: `${TURNOUT_MSG.title}: ${election.title}` });
    await expect(dialog.getByTestId('turnout-chart').locator('canvas')).toBeVisible();
    const table = dialog.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'President', exact: true })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Vice President', exact: true })).toBeVisible();
    // All five votes fell in this 10-minute period or the one before: the last row holds the totals.
    const lastRow = table.getByRole('row').last();
    await expect(lastRow.getByRole('cell').nth(0)).toHaveText('3');
    await expect(lastRow.getByRole('cell').nth(1)).toHaveText('2');
    await expect(dialog.getByTestId('turnout-share')).toContainText('3 of');
    // The chart runs from the opening to now: never from the 10-minute mark before, never into the future.
    const chart = dialog.getByTestId('turnout-chart');
    const opened = ((await (await request.get('/api/elections', { headers: bearer((await theSuperAdmin(request)).token) })).json()) as { elections: { id: string; start_time: string }[] }).elections.find((e) => e.id === election.id)!.start_time;
    expect(Date.parse((await chart.getAttribute('data-from'))!)).toBe(Date.parse(opened));
    expect(Date.parse((await chart.getAttribute('data-to'))!)).toBeLessThanOrEqual(Date.now());
    for (const upTo of await table.locator('[data-up-to]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-up-to')!))) expect(Date.parse(upTo)).toBeLessThanOrEqual(Date.now());
    // Every column of the figures can be reached at 390 px: the table scrolls inside the dialog, which stays on screen.
    const region = dialog.getByRole('region', { name: 'Turnout figures' });
    const viewport = page.viewportSize()!.width;
    expect(((await region.boundingBox())!.x + (await region.boundingBox())!.width)).toBeLessThanOrEqual(viewport);
    await region.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await expect(table.getByRole('columnheader').last()).toBeInViewport();
    // Scrolled to the last position, each row still says up to when.
    await expect(table.getByRole('columnheader', { name: 'Up to' })).toBeInViewport({ ratio: 1 });
    // A vote while the dialog is open shows within seconds, not at the next minute.
    await castVote(request, (await tokenOf(request, lateVoter)).token, election.id, { candidateId: election.candidate(names.winner).candidateId, position: 'President' });
    await expect(dialog.getByTestId('turnout-share')).toContainText('4 of', { timeout: 15_000 });
    await page.screenshot({ path: `/tmp/election-ops-turnout-${page.viewportSize()?.width}.png` });
    await expectAccessible(page, 'turnout dialog', { include: DIALOG });

    const counts = await request.get(`/api/elections/${election.id}/turnout`, { headers: bearer((await theSuperAdmin(request)).token) });
    const notVoted = ((await counts.json()) as { not_voted: number }).not_voted;
    expect(notVoted).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: REMINDER_MSG.action }).click();
    await expect(page.getByText(REMINDER_MSG.queued(notVoted))).toBeVisible();
    expect(dialogs).toContain(REMINDER_MSG.confirm(notVoted, election.title));
    await expect(dialog.getByText(/The next reminder can be sent from/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: REMINDER_MSG.action })).toBeDisabled();
    // The reminders leave after the notices that voting opened, queued for the same roll of every
    // member this run made: the wait is for the outbox to reach this member, not for a fixed time.
    const mail = await waitForMail(nonVoter.email, /you have not voted/, 90_000);
    expect(mail.text).toContain(`/election/${election.id}`);
    // An election notice: it carries its one-click unsubscribe link.
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });
});
