import { ELECTION_MSG, LIFECYCLE_TEXT } from '@aesa/shared/elections';
import type { Page } from '@playwright/test';
import { asRead, bearer, theSuperAdmin, tokenOf } from './support/admin.ts';
import { castVote } from './support/elections.ts';
import { expect, test } from './support/fixtures.ts';
import { DIALOG, expectAccessible, expectNoHorizontalScroll } from './support/page-checks.ts';

// The election once voting has opened, on the Electoral screen: Close Voting Now (confirmed with
// a clear text) ends it at once and a later vote is refused; Archive hides it from the public
// pages; Delete is not offered once voting has opened, and the server's refusal is shown.

const electionCard = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('the election lifecycle on the Electoral screen', { tag: '@voting' }, () => {
  test('Close Voting Now, then Archive: confirmed, recorded, and the election leaves the public pages @mobile', async ({ page, request, election: newElection, createAccount, adminWith }) => {
    test.setTimeout(180_000);
    // Two voters exist before voting opens (the roll is frozen then): one votes before the close, one after.
    const [early, late] = await Promise.all([0, 1].map(() => createAccount({ verified: true })));
    const election = await newElection({ positions: { President: ['Ada Lifecycle', 'Bayo Lifecycle'] } });
    const ada = election.candidate('Ada Lifecycle');
    await castVote(request, (await tokenOf(request, early!)).token, election.id, { candidateId: ada.candidateId, position: 'President' });

    await adminWith(['is_electoral_admin']);
    await page.goto('/admin/electoral');
    const card = electionCard(page, election.title);
    await expect(card.getByRole('button', { name: LIFECYCLE_TEXT.closeNow })).toBeVisible();
    await expect(card.getByRole('button', { name: LIFECYCLE_TEXT.extend })).toBeVisible();
    // Voting has opened: no Delete, and no Archive while it is open.
    await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: LIFECYCLE_TEXT.archive })).toHaveCount(0);
    await expectNoHorizontalScroll(page, 'electoral screen with an open election');

    await test.step('the ballot is fixed: Manage Candidates offers no Add or Remove, and says why', async () => {
      await card.getByRole('button', { name: 'Manage Candidates' }).click();
      const dialog = page.getByRole('dialog', { name: 'Manage Candidates' });
      await expect(dialog.getByText(ELECTION_MSG.candidatesLocked)).toBeVisible();
      await expect(dialog.getByRole('button', { name: /^Add Candidate/ })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: /^Remove / })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Edit Ada Lifecycle' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    });

    await test.step('Close Voting Now asks with a clear text; Cancel changes nothing', async () => {
      await card.getByRole('button', { name: LIFECYCLE_TEXT.closeNow }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(LIFECYCLE_TEXT.confirmClose(election.title));
      await page.screenshot({ path: `/tmp/lifecycle-close-confirm-${page.viewportSize()?.width}.png` });
      await expectAccessible(page, 'close voting confirmation', { include: DIALOG });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(card.getByRole('button', { name: LIFECYCLE_TEXT.closeNow })).toBeVisible();
    });

    await test.step('confirmed, voting ends at once: the card shows it ended, a later vote is refused', async () => {
      await card.getByRole('button', { name: LIFECYCLE_TEXT.closeNow }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
      await expect(page.getByText('Voting closed')).toBeVisible();
      await expect(card.getByText('Ended')).toBeVisible();
      await expect(card.getByRole('button', { name: LIFECYCLE_TEXT.closeNow })).toHaveCount(0);
      await expect(card.getByRole('button', { name: LIFECYCLE_TEXT.publishFinal })).toBeVisible();
      const refused = await request.post(`/api/voting/elections/${election.id}/vote`, {
        headers: bearer((await tokenOf(request, late!)).token),
        data: { candidate_id: ada.candidateId, position: 'President' },
      });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error).toBe(ELECTION_MSG.ended);
    });

    await test.step('Archive asks, then hides the election from the public pages; the screen keeps it, marked', async () => {
      await card.getByRole('button', { name: LIFECYCLE_TEXT.archive }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(LIFECYCLE_TEXT.confirmArchive(election.title));
      await expectAccessible(page, 'archive confirmation', { include: DIALOG });
      await confirm.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByText('Election archived')).toBeVisible();
      await expect(card.getByText(LIFECYCLE_TEXT.archived, { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: LIFECYCLE_TEXT.archive })).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'Edit Election' })).toHaveCount(0);
      await page.screenshot({ path: `/tmp/lifecycle-archived-${page.viewportSize()?.width}.png`, fullPage: true });
      await expectAccessible(page, 'electoral screen with an archived election');

      const list = (await (await request.get('/api/elections')).json()) as { elections: { id: string }[] };
      expect(list.elections.map((e) => e.id)).not.toContain(election.id);
      await page.goto('/elections');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(election.title)).toHaveCount(0);
    });

    // The record shows both steps, and the server still refuses a delete: the ballots stay.
    const { token } = await theSuperAdmin(request);
    const deleted = await request.delete(`/api/elections/${election.id}`, { headers: await asRead(request, `/api/elections/${election.id}`, token) });
    expect(deleted.status()).toBe(409);
    expect((await deleted.json()).error).toBe(ELECTION_MSG.openedNoDelete);
  });
});
