import fs from 'node:fs';
import { ELECTION_MSG, ELIGIBILITY_MSG, RESULTS_TEXT, votedInText } from '@aesa/shared/elections';
import { RECEIPT_MSG } from '@aesa/shared/receipts';
import type { Locator, Page } from '@playwright/test';
import { tokenOf } from './support/admin.ts';
import { setVerified } from './support/db.ts';
import { castVote } from './support/elections.ts';
import { type ElectionOptions, expect, test } from './support/fixtures.ts';
import { signInAs } from './support/flows.ts';
import { DIALOG, expectAccessible, expectAccessibleAtBothWidths } from './support/page-checks.ts';

// Elections (the elections page, the voting page, the voting flow and the live results):
// a verified member votes through every page with the dialogs while a second browser, signed in
// as an electoral officer (who sees the live counts), watches the published results change live;
// a member watching sees the tallies only in batches of at least 3 votes (public viewers while
// voting is open); a voter keeps their receipt on the device (another browser is told it is not
// there); an unverified member is told before any ballot opens, and the server still refuses
// a member who lost their verification after the page loaded.

const NOT_VERIFIED = ELECTION_MSG.notVerified;

const card = (page: Page, name: string): Locator => page.locator('li[data-candidate-id]').filter({ hasText: name });
const votesOf = (scope: Page | Locator, position: string, name: string) =>
  scope.locator(`section[data-position="${position}"] li`).filter({ hasText: name }).locator('[data-votes]');

const names = {
  president: ['Ada President', 'Bayo President'],
  vice: ['Chi Vice', 'Dayo Vice'],
  secretary: 'Efe Secretary',
};

/** Pages 1 to 3 of the ballot have candidates (two, two, one); pages 4 to 10 have none. */
const GENERAL_ELECTION: ElectionOptions = {
  description: 'Choose the executives for the coming session.',
  positions: {
    President: [
      { name: names.president[0]!, manifesto: 'A design-build-fly team, industry visits every semester and mentoring from alumni at every level of study. '.repeat(2) },
      names.president[1]!,
    ],
    'Vice President': names.vice,
    'General Secretary': [names.secretary],
  },
  // Published from the start, so that a visitor can follow the tallies live.
  publishResults: true,
};

test.describe('elections and voting', { tag: '@voting' }, () => {
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

  test('a verified member votes on every page while a second browser sees the results change live', async ({ page, browser, election: newElection, createAccount, adminWith }) => {
    // Nine axe runs take several seconds each, more on a busy machine.
    test.setTimeout(600_000);
    // The voter exists before voting opens: the voter roll is frozen then.
    const voter = await createAccount({ verified: true });
    const election = await newElection(GENERAL_ELECTION);
    // The page's own clock, moved on by the test: the 3-second auto-complete of the last page.
    // It runs as usual until the test pauses it.
    await page.clock.install();

    // The second browser: the electoral officer on the results path, which opens the results
    // dialog. Officers see every vote live; public viewers see batches (the next test).
    const watcherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const watcher = await watcherContext.newPage();
    await adminWith(['is_electoral_admin'], { name: 'Electoral Officer', signIn: watcher });
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
      // Nothing auto-completes while a contested position is missing: 3.5 s go by on the page's clock.
      await page.clock.runFor(3500);
      await expect(page.getByRole('dialog', { name: 'Thank You for Voting!' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Finish Voting' }).click();
      const incomplete = page.getByRole('dialog', { name: 'Voting Incomplete' });
      await expect(incomplete).toBeVisible();
      // Still none now that the page has rendered since.
      await expect(page.getByRole('dialog', { name: 'Thank You for Voting!' })).toHaveCount(0);
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
      // The page's clock stands still from here: only the test moves it on, a quarter second at
      // a time, until the dialog shows. It must take 3 s of the page's time, and not much more.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await bar.getByRole('button', { name: /^Page 10/ }).click();
      await expect(position).toHaveText('Sports Director');
      const success = page.getByRole('dialog', { name: 'Thank You for Voting!' });
      let waited = 0;
      await expect
        .poll(
          async () => {
            if (await success.isVisible()) return true;
            await page.clock.runFor(250);
            waited += 250;
            return false;
          },
          { intervals: [250], message: 'the success dialog after the auto-complete' },
        )
        .toBe(true);
      expect(waited).toBeGreaterThanOrEqual(3000);
      expect(waited).toBeLessThanOrEqual(4000);
      await page.clock.resume();
      await expect(success.getByRole('button', { name: 'Go to Homepage' })).toBeVisible();
      await expectAccessibleAtBothWidths(page, 'success dialog', { axeAt390: false, include: DIALOG });
      await success.getByRole('link', { name: RESULTS_TEXT.viewLive }).click();
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

  test('a member watching the results sees the tallies only in batches of at least 3 votes', async ({ page, request, election: newElection, createAccount }) => {
    test.setTimeout(240_000);
    // A by-election with two presidential candidates, results published while voting is open.
    // The voters exist before voting opens: the voter roll is frozen then.
    const ballots = await Promise.all([0, 1, 2].map(() => createAccount({ verified: true })));
    const byElection = await newElection({ title: `By-election ${Date.now().toString(36).toUpperCase()}`, positions: { President: names.president }, publishResults: true });
    const tokens = await Promise.all(ballots.map(async (b) => (await tokenOf(request, b)).token));
    const cast = (token: string, name: string) => castVote(request, token, byElection.id, { candidateId: byElection.candidate(name).candidateId, position: 'President' });
    /** The tallies a public reader gets; reading them cuts a batch when one is due, as the live room's sweep does. */
    const publicTallies = async () => {
      const res = await request.get(`/api/voting/elections/${byElection.id}/results`);
      expect(res.ok(), await res.text()).toBe(true);
      const body = (await res.json()) as { results: { position: string; candidates: { candidate_name: string; votes: number }[] }[] };
      return Object.fromEntries(body.results.flatMap((p) => p.candidates.map((c) => [c.candidate_name, c.votes])));
    };

    await signInAs(page, await createAccount()); // a member without admin rights: the public view
    await page.goto(`/elections/results/${byElection.id}`);
    const results = page.getByRole('dialog', { name: 'Real-Time Election Results' });
    await expect(results.getByText('Live', { exact: true })).toBeVisible();
    const ada = votesOf(results, 'President', names.president[0]!);
    const bayo = votesOf(results, 'President', names.president[1]!);
    await expect(ada).toHaveText('0');

    // Two votes make no batch: the first batch is due as soon as a position has 3 new votes (no
    // interval to wait for before it), and a public read, which would cut a due batch, still gets 0.
    await cast(tokens[0]!, names.president[0]!);
    await cast(tokens[1]!, names.president[1]!);
    expect(await publicTallies()).toEqual({ [names.president[0]!]: 0, [names.president[1]!]: 0 });
    await expect(ada).toHaveText('0');
    await expect(bayo).toHaveText('0');

    // The third vote makes a batch, which arrives without reloading.
    await cast(tokens[2]!, names.president[0]!);
    await expect(ada).toHaveText('2');
    await expect(bayo).toHaveText('1');
  });

  test('a member unverified after the page loaded is refused with the server’s reason', async ({ page, election: newElection, createAccount }) => {
    test.setTimeout(120_000);
    // The voter first: the voter roll is frozen when voting opens.
    const voter = await createAccount({ verified: true });
    const election = await newElection(GENERAL_ELECTION);
    await signInAs(page, voter);
    await page.goto(`/election/${election.id}`);
    await expect(page.getByText(ELIGIBILITY_MSG.eligible)).toBeVisible();
    // A data admin withdraws the verification while the ballot is open: the server stays the judge.
    await setVerified(voter.id, false);
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

  test('an unverified member is told before opening the ballot, reads the candidates, and the vote controls say why they are off', async ({ page, election: newElection, createAccount }) => {
    test.setTimeout(240_000);
    const election = await newElection(GENERAL_ELECTION);
    await signInAs(page, await createAccount({ verified: false }));

    await page.goto('/elections');
    const told = page.getByRole('group', { name: 'Your eligibility to vote' });
    await expect(told.getByText(`${election.title}: ${ELIGIBILITY_MSG.title}`)).toBeVisible();
    await expect(told.getByText(ELIGIBILITY_MSG.NOT_VERIFIED).first()).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'elections page, unverified member');

    // No ballot is offered to a member who may vote in none of the open elections: the list says why.
    await expect(page.getByRole('button', { name: 'Cast Your Vote' })).toHaveCount(0);
    await page.getByRole('button', { name: 'View Elections' }).click();
    const dialog = page.getByRole('dialog', { name: 'Available Elections' });
    const item = dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { name: election.title }) });
    await expect(item.getByRole('link', { name: 'Vote Now' })).toHaveCount(0);
    await expect(item.getByRole('button', { name: 'Vote Now' })).toBeDisabled();
    await expect(item.getByRole('button', { name: 'Vote Now' })).toHaveAccessibleDescription(new RegExp(ELIGIBILITY_MSG.NOT_VERIFIED.slice(0, 40)));
    // A link to the ballot (shared, bookmarked) still opens it, with the controls off and the reason.
    await page.goto(`/election/${election.id}`);
    await expect(page.getByText(ELIGIBILITY_MSG.title)).toBeVisible();
    await expect(page.getByText(ELIGIBILITY_MSG.NOT_VERIFIED)).toBeVisible();
    await expect(page.getByText(ELIGIBILITY_MSG.controlsDisabled)).toBeVisible();
    // The candidates can be read; every vote button is off and points to the reason.
    await expect(card(page, names.president[0]!).getByText(/design-build-fly/)).toBeVisible();
    for (const name of names.president) {
      const button = card(page, name).getByRole('button', { name: /^Vote for President/ });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(new RegExp(ELIGIBILITY_MSG.NOT_VERIFIED.slice(0, 40)));
    }
    await expectAccessibleAtBothWidths(page, 'voting page, unverified member');
  });

  test('a voter keeps the receipt on this device: copy, download, the choice after a reload; another browser is told it is not there', async ({ page, browser, election: newElection, createAccount }) => {
    test.setTimeout(300_000);
    const voter = await createAccount({ verified: true }); // before voting opens: on the roll
    const election = await newElection({ positions: { President: names.president } });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAs(page, voter);
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    await page.goto('/elections');
    await expect(page.getByText(`${election.title}: ${ELIGIBILITY_MSG.eligible}`)).toBeVisible();

    await page.goto(`/election/${election.id}`);
    await card(page, names.president[1]!).getByRole('button', { name: /^Vote for President/ }).click();
    const answer = page.waitForResponse((r) => r.url().endsWith(`/api/voting/elections/${election.id}/vote`));
    await page.getByRole('button', { name: 'Yes, Vote Now' }).click();
    const { receipt } = (await (await answer).json()) as { receipt: string };
    expect(receipt).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    await expect(page.getByText(`You voted for ${names.president[1]}.`)).toBeVisible();
    await expect(page.getByText(receipt, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Copy the receipt for President' }).click();
    await expect.poll(clipboard).toBe(receipt);

    await test.step('the success dialog shows the receipt with Copy and Download', async () => {
      await page.getByRole('navigation', { name: 'Ballot pages' }).getByRole('button', { name: /^Page 10/ }).click();
      const success = page.getByRole('dialog', { name: 'Thank You for Voting!' });
      await expect(success).toBeVisible({ timeout: 15_000 });
      const list = success.getByRole('list', { name: 'Receipts' });
      await expect(list.getByRole('listitem')).toHaveText([`President: ${names.president[1]}${receipt}`]);
      await success.getByRole('button', { name: 'Copy', exact: true }).click();
      await expect.poll(clipboard).toContain(`Receipt: ${receipt}`);
      const download = page.waitForEvent('download');
      await success.getByRole('button', { name: 'Download' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^receipts-.+\.txt$/);
      const text = fs.readFileSync((await file.path())!, 'utf8');
      expect(text).toContain(`Election: ${election.title}`);
      expect(text).toContain(`Position: President\nCandidate: ${names.president[1]}\nReceipt: ${receipt}`);
      // Results not published: no button to a refusal, but when they will be there.
      await expect(success.getByRole('link', { name: RESULTS_TEXT.viewLive })).toHaveCount(0);
      await expect(success.getByText(/Results appear once the Electoral Committee publishes them/)).toBeVisible();
      await expectAccessibleAtBothWidths(page, 'success dialog with the receipt', { include: DIALOG });
      await success.getByRole('button', { name: 'Close' }).first().click();
      await expect(success).toHaveCount(0);
    });

    await test.step('the elections page says what the member did, not that they may vote', async () => {
      await page.goto('/elections');
      await expect(page.getByText(`${election.title}: ${votedInText(1, 1)}`)).toBeVisible();
      await expect(page.getByText(`${election.title}: ${ELIGIBILITY_MSG.eligible}`)).toHaveCount(0);
    });

    await test.step('after a reload, the chosen candidate comes from this device, and the receipt is counted', async () => {
      await page.goto(`/election/${election.id}`);
      await expect(page.getByText(`You voted for ${names.president[1]}.`)).toBeVisible();
      await expect(card(page, names.president[1]!).getByText('Voted')).toBeVisible();
      await expect(page.getByText(receipt, { exact: true })).toBeVisible();
      const check = await page.request.get(`/api/elections/${election.id}/receipts/${receipt.toLowerCase()}`);
      expect(await check.json()).toEqual({ success: true, status: 'counted' });
    });

    await test.step('another browser, same member, no receipts: voted, and told plainly the receipt is not there', async () => {
      const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const second = await other.newPage();
      await signInAs(second, voter);
      await second.goto(`/election/${election.id}`);
      await expect(second.getByText(RECEIPT_MSG.notOnDevice)).toBeVisible();
      await expect(second.getByText(`You voted for ${names.president[1]}.`)).toHaveCount(0);
      await expect(card(second, names.president[1]!).getByText('Voted')).toHaveCount(0);
      for (const name of names.president) await expect(card(second, name).getByRole('button', { name: /^Vote for President/ })).toBeDisabled();
      await expectAccessible(second, 'voting page without the receipt (390 px)');
      await other.close();
    });
  });
});
