import { ELECTION_MSG } from '@aesa/shared/elections';
import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { type CandidateSpec, apiLogin, createElection, createNamedAccount, verifyMember } from './support/elections.ts';
import { type Member, createMember, signInAs } from './support/flows.ts';
import { DIALOG, expectAccessible, expectAccessibleAtBothWidths } from './support/page-checks.ts';

// Elections (spec 01 §2 "Elections page" and "Voting page", §4 voting flow and live results):
// a verified member votes through every page with the dialogs while a second browser, signed in
// as an electoral officer (who sees the live counts), watches the published results change live;
// a member watching sees the tallies only in batches of at least 3 votes (public viewers while
// voting is open); an unverified member is refused with the server's reason.

const NOT_VERIFIED = ELECTION_MSG.notVerified;

const card = (page: Page, name: string): Locator => page.locator('li[data-candidate-id]').filter({ hasText: name });
const votesOf = (scope: Page | Locator, position: string, name: string) =>
  scope.locator(`section[data-position="${position}"] li`).filter({ hasText: name }).locator('[data-votes]');

let election: { id: string; title: string };
let officer: Member;
let candidateSpecs: CandidateSpec[];
let voter: Member;
let unverified: Member;
const names = {
  president: ['Ada President', 'Bayo President'],
  vice: ['Chi Vice', 'Dayo Vice'],
  secretary: 'Efe Secretary',
};

test.describe('elections and voting', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    const request: APIRequestContext = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    // The first account creates the Super Admin role; the others then only join it (in parallel).
    const admin = (officer = await createNamedAccount('Electoral Officer'));
    const candidates = await Promise.all([...names.president, ...names.vice, names.secretary].map((name) => createNamedAccount(name)));
    const adminToken = (await apiLogin(request, admin)).token;
    const ids = await Promise.all(candidates.map(async (c) => (await apiLogin(request, c)).user.id));
    const positions = ['President', 'President', 'Vice President', 'Vice President', 'General Secretary'];
    const specs: CandidateSpec[] = ids.map((userId, i) => ({
      userId,
      position: positions[i]!,
      manifesto: i === 0 ? 'A design-build-fly team, industry visits every semester and mentoring from alumni at every level of study. '.repeat(2) : undefined,
    }));
    candidateSpecs = specs;
    const title = `General Elections ${Date.now().toString(36).toUpperCase()}`;
    // Published from the start, so that a visitor can follow the tallies live.
    const created = await createElection(request, adminToken, {
      title,
      description: 'Choose the executives for the coming session.',
      candidates: specs,
      publishResults: true,
    });
    election = { id: created.id, title };

    voter = await createMember(request);
    await verifyMember(request, adminToken, voter.matric);
    unverified = await createMember(request);
    await request.dispose();
  });

  test('a visitor reads the rules and is sent to log in to vote', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/elections');
    const config = (await (await page.request.get('/api/config')).json()) as { association_name?: string; config?: { association_name?: string } };
    const name = config.association_name ?? config.config?.association_name ?? 'AESA';
    await expect(page.getByRole('heading', { level: 1, name: `${name} DECIDES` })).toBeVisible();
    await expect(page.getByText('A tie leads to a re-election within 3 days.')).toBeVisible();
    await expect(page.getByText('CGPA of at least 3.5')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cast Your Vote' })).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'elections page, visitor');
    await page.getByRole('link', { name: 'Login to Vote' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a verified member votes on every page while a second browser sees the results change live', async ({ page, browser }) => {
    // Nine axe runs take several seconds each, more on a busy machine.
    test.setTimeout(600_000);

    // The second browser: the electoral officer on the results path, which opens the results
    // dialog. Officers see every vote live; public viewers see batches (the next test).
    const watcherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const watcher = await watcherContext.newPage();
    await signInAs(watcher, officer);
    await watcher.goto(`/elections/results/${election.id}`);
    const live = watcher.getByRole('dialog', { name: 'Real-Time Election Results' });
    await expect(live.getByText('Live', { exact: true })).toBeVisible();
    await expect(votesOf(live, 'President', names.president[0]!)).toHaveText('0');
    await expect(votesOf(live, 'Vice President', names.vice[1]!)).toHaveText('0');

    await signInAs(page, voter);

    await test.step('the Available Elections dialog leads to the voting page', async () => {
      await page.goto('/elections');
      await page.getByRole('button', { name: 'Cast Your Vote' }).click();
      const dialog = page.getByRole('dialog', { name: 'Available Elections' });
      const item = dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { name: election.title }) });
      await expect(item.getByText('Voting Open')).toBeVisible();
      await expect(item.getByText(/^Ends in (\d+d( \d+h)?|\d+h \d+m|\d+m)$/)).toBeVisible();
      await expect(item.getByRole('button', { name: 'View Results' })).toBeEnabled();
      await expectAccessibleAtBothWidths(page, 'Available Elections dialog', { include: DIALOG });
      await item.getByRole('link', { name: 'Vote Now' }).click();
      await expect(page).toHaveURL(new RegExp(`/election/${election.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: election.title })).toBeVisible();
    });

    const bar = page.getByRole('navigation', { name: 'Ballot pages' });
    const position = page.locator('#ballot-position');

    await test.step('page 1: the page bar, the excerpts, then a vote with its confirmation', async () => {
      await expect(position).toHaveText('President');
      await expect(bar.getByRole('button', { name: /^Page \d+/ })).toHaveText(['1', '2', '3', '10']);
      await expect(bar.getByText('…')).toBeVisible();
      // Two candidates: the excerpt is cut at 100 characters.
      const excerpt = await card(page, names.president[0]!).locator('p').first().innerText();
      expect(excerpt.endsWith('...')).toBe(true);
      expect(excerpt.length).toBeLessThanOrEqual(103);
      await expect(card(page, names.president[1]!).getByText('No bio available')).toBeVisible();
      await expectAccessibleAtBothWidths(page, 'voting page');

      await card(page, names.president[0]!).getByRole('button', { name: /^Vote for President/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm Your Vote' });
      await expect(confirm).toContainText(
        `You're about to cast your vote for ${names.president[0]}. This action is final and cannot be undone.`,
      );
      await expectAccessibleAtBothWidths(page, 'vote confirmation', { axeAt390: false, include: DIALOG });
      await confirm.getByRole('button', { name: 'No, Go back' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(card(page, names.president[0]!).getByText('Voted')).toHaveCount(0);

      await card(page, names.president[0]!).getByRole('button', { name: /^Vote for President/ }).click();
      await page.getByRole('button', { name: 'Yes, Vote Now' }).click();
      await expect(card(page, names.president[0]!).getByText('Voted')).toBeVisible();
      const other = card(page, names.president[1]!).getByRole('button', { name: /^Vote for President/ });
      await expect(other).toBeDisabled();
    });

    await test.step('the second browser sees the count change without reloading', async () => {
      await expect(votesOf(live, 'President', names.president[0]!)).toHaveText('1');
      await expect(votesOf(live, 'President', names.president[1]!)).toHaveText('0');
    });

    await test.step('page 2 is skipped; page 3 is unopposed and skipped too', async () => {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(position).toHaveText('Vice President');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(position).toHaveText('General Secretary');
      await expect(page.getByText('UNOPPOSED', { exact: true })).toBeVisible();
      // A single candidate: the excerpt may run to 120 characters (here: no manifesto, no bio).
      await expect(card(page, names.secretary).getByText('No bio available')).toBeVisible();
    });

    await test.step('pages 4 to 10 have no candidates; the last page offers Finish Voting', async () => {
      for (const expected of ['Assistant General Secretary', 'Treasurer', 'Financial Secretary', 'Public Relations Officer', 'Social Director', 'Welfare Director', 'Sports Director']) {
        await page.getByRole('button', { name: 'Next', exact: true }).click();
        await expect(position).toHaveText(expected);
        await expect(page.getByText('No candidates are running for this position.')).toBeVisible();
        await expect(page.getByRole('button', { name: 'No Candidates Available' })).toBeDisabled();
      }
      await expect(page.getByText('Page 10 of 10')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
    });

    await test.step('Voting Incomplete lists the contested position left, not the unopposed one, and jumps to it', async () => {
      // Nothing auto-completes while a contested position is missing.
      await page.waitForTimeout(3500);
      await expect(page.getByRole('dialog', { name: 'Thank You for Voting!' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Finish Voting' }).click();
      const incomplete = page.getByRole('dialog', { name: 'Voting Incomplete' });
      await expect(incomplete.getByRole('button')).toContainText([/Vice President\s*Go to page 2/, 'Close']);
      await expect(incomplete).not.toContainText('General Secretary');
      await expectAccessibleAtBothWidths(page, 'Voting Incomplete dialog', { axeAt390: false, include: DIALOG });
      await incomplete.getByRole('button', { name: /Vice President/ }).click();
      await expect(incomplete).toHaveCount(0);
      await expect(position).toHaveText('Vice President');
      await card(page, names.vice[1]!).getByRole('button', { name: /^Vote for Vice President/ }).click();
      await page.getByRole('button', { name: 'Yes, Vote Now' }).click();
      await expect(card(page, names.vice[1]!).getByText('Voted')).toBeVisible();
      await expect(votesOf(live, 'Vice President', names.vice[1]!)).toHaveText('1');
    });

    await test.step('back on the last page, voting completes by itself after 3 s; the success dialog leads to the results', async () => {
      await bar.getByRole('button', { name: /^Page 10/ }).click();
      const success = page.getByRole('dialog', { name: 'Thank You for Voting!' });
      await expect(success).toBeVisible({ timeout: 6000 });
      await expect(success.getByRole('button', { name: 'Go to Homepage' })).toBeVisible();
      await expectAccessibleAtBothWidths(page, 'success dialog', { axeAt390: false, include: DIALOG });
      await success.getByRole('button', { name: 'View Real-Time Results' }).click();
      await expect(page).toHaveURL(new RegExp(`/elections/results/${election.id}$`));
      const results = page.getByRole('dialog', { name: 'Real-Time Election Results' });
      await expect(results.getByText('Live', { exact: true })).toBeVisible();
      // The voter is a member: while voting is open they see the public batch, in which a
      // single vote does not show yet (batches: the next test); the officer saw it live.
      await expect(votesOf(results, 'President', names.president[0]!)).toHaveText('0');
      await expect(votesOf(results, 'General Secretary', names.secretary)).toHaveText('0');
      await expectAccessibleAtBothWidths(page, 'results dialog', { include: DIALOG });
      await results.getByRole('button', { name: 'Close' }).click();
      await expect(page).toHaveURL(/\/elections$/);
    });

    await test.step('the server is the truth: with local progress wiped, the voting page still shows the votes', async () => {
      await page.evaluate(() => localStorage.removeItem('aesa.voting'));
      await page.goto(`/election/${election.id}`);
      await expect(card(page, names.president[0]!).getByText('Voted')).toBeVisible();
      await expect(card(page, names.president[1]!).getByRole('button', { name: /^Vote for President/ })).toBeDisabled();
      await expect(page.getByText(`You voted for ${names.president[0]}.`)).toBeVisible();
    });

    await watcherContext.close();
  });

  test('a member watching the results sees the tallies only in batches of at least 3 votes', async ({ page, playwright }) => {
    test.setTimeout(240_000);
    const request: APIRequestContext = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const officerToken = (await apiLogin(request, officer)).token;
    // A by-election with the two presidential candidates, results published while voting is open.
    const byElection = await createElection(request, officerToken, {
      title: `By-election ${Date.now().toString(36).toUpperCase()}`,
      candidates: candidateSpecs.slice(0, 2),
      publishResults: true,
    });
    const ballots = await Promise.all([0, 1, 2].map(() => createMember(request)));
    for (const b of ballots) await verifyMember(request, officerToken, b.matric);
    const tokens = await Promise.all(ballots.map(async (b) => (await apiLogin(request, b)).token));
    const cast = async (token: string, candidateId: string) => {
      const res = await request.post(`/api/voting/elections/${byElection.id}/vote`, {
        headers: { authorization: `Bearer ${token}` },
        data: { candidate_id: candidateId, position: 'President' },
      });
      expect(res.ok(), await res.text()).toBe(true);
    };

    await signInAs(page, voter); // a member without admin rights: the public view
    await page.goto(`/elections/results/${byElection.id}`);
    const results = page.getByRole('dialog', { name: 'Real-Time Election Results' });
    await expect(results.getByText('Live', { exact: true })).toBeVisible();
    const ada = votesOf(results, 'President', names.president[0]!);
    const bayo = votesOf(results, 'President', names.president[1]!);
    await expect(ada).toHaveText('0');

    // Two votes, and longer than the batch interval (2 s here) and the 1 s sweep: still 0.
    await cast(tokens[0]!, byElection.candidateIds[0]!);
    await cast(tokens[1]!, byElection.candidateIds[1]!);
    await page.waitForTimeout(4000);
    await expect(ada).toHaveText('0');
    await expect(bayo).toHaveText('0');

    // The third vote makes a batch, which arrives without reloading.
    await cast(tokens[2]!, byElection.candidateIds[0]!);
    await expect(ada).toHaveText('2', { timeout: 10_000 });
    await expect(bayo).toHaveText('1');
    await request.dispose();
  });

  test('an unverified member is refused with the server’s reason', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, unverified);
    await page.goto(`/election/${election.id}`);
    await card(page, names.president[1]!).getByRole('button', { name: /^Vote for President/ }).click();
    await page.getByRole('button', { name: 'Yes, Vote Now' }).click();
    const alert = page.getByRole('alertdialog', { name: 'Vote Not Recorded' });
    await expect(alert).toContainText(`Error casting vote: ${NOT_VERIFIED}`);
    await expect(page.getByRole('dialog', { name: 'Confirm Your Vote' })).toHaveCount(0);
    await expectAccessible(page, 'vote refusal', { include: DIALOG });
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('alert').filter({ hasText: NOT_VERIFIED })).toBeVisible();
    await expect(card(page, names.president[0]!).getByRole('button', { name: /^Vote for President/ })).toBeDisabled();
    await expect(card(page, names.president[1]!).getByText('Voted')).toHaveCount(0);
  });
});
