import { ELIGIBILITY_MSG, voterRuleLabel } from '@aesa/shared/elections';
import type { Locator, Page } from '@playwright/test';
import { asRead, theSuperAdmin } from './support/admin.ts';
import { deletePaymentsOf, ensureSession, recordPayment } from './support/db.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/flows.ts';
import { expectAccessibleAtBothWidths } from './support/page-checks.ts';

// An election for financial members only: the elections page says who may vote; a member with an
// approved payment for the session votes; a verified member without one is told why (the session,
// and to ask the treasurer or the financial secretary) and gets no usable ballot. The payments are
// written straight into the database, as the treasurer's screens would record them.

const SESSION = '2026-2027';
const names = { ada: 'Ada Financial', bayo: 'Bayo Financial' };
const card = (page: Page, name: string): Locator => page.locator('li[data-candidate-id]').filter({ hasText: name });

test.describe('a financial-members election', { tag: '@voting' }, () => {
  test('shows its rule; a financial member votes; a member who has not paid is told why and cannot vote', async ({ page, browser, request, election: newElection, createAccount }) => {
    test.setTimeout(240_000);
    // The voters and their payments first: the roll is frozen, with the rule, when voting opens.
    const paid = await createAccount({ verified: true });
    const unpaid = await createAccount({ verified: true });
    const sessionId = await ensureSession(SESSION);
    try {
      await recordPayment(paid.id, sessionId, 'approved');
      await recordPayment(unpaid.id, sessionId, 'pending');
      const election = await newElection({ phase: 'upcoming', positions: { President: [names.ada, names.bayo] } });
      const { token } = await theSuperAdmin(request);
      // The rule is chosen before voting opens; then voting opens (the start moved to a minute ago).
      const rule = await request.patch(`/api/elections/${election.id}`, { headers: await asRead(request, `/api/elections/${election.id}`, token), data: { voter_rule: 'financial', session: SESSION } });
      expect(rule.ok(), await rule.text()).toBe(true);
      const opened = await request.patch(`/api/elections/${election.id}`, { headers: await asRead(request, `/api/elections/${election.id}`, token), data: { start_time: new Date(Date.now() - 60_000).toISOString() } });
      expect(opened.ok(), await opened.text()).toBe(true);
      const label = voterRuleLabel('financial', SESSION);
      expect(label).toBe('Voters: financial members for 2026-2027');

      await test.step('the elections page says who may vote, and the financial member that they can; they vote', async () => {
        // A browser of their own (a tab keeps the account it was signed in with).
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        try {
          const voter = await context.newPage();
          await signInAs(voter, paid);
          await voter.goto('/elections');
          await expect(voter.locator(`li[data-election-id="${election.id}"] [data-voter-rule]`)).toHaveText(label);
          await voter.getByRole('button', { name: 'Cast Your Vote' }).click();
          const item = voter.getByRole('dialog', { name: 'Available Elections' }).getByRole('listitem').filter({ has: voter.getByRole('heading', { name: election.title }) });
          await expect(item.locator('[data-voter-rule]')).toHaveText(label);
          await item.getByRole('link', { name: 'Vote Now' }).click();
          await expect(voter).toHaveURL(new RegExp(`/election/${election.id}$`));
          await expect(voter.getByText(ELIGIBILITY_MSG.eligible)).toBeVisible();
          await card(voter, names.ada).getByRole('button', { name: /^Vote for President/ }).click();
          await voter.getByRole('button', { name: 'Yes, Vote Now' }).click();
          await expect(card(voter, names.ada).getByText('Voted')).toBeVisible();
        } finally {
          await context.close();
        }
      });

      await test.step('a member whose payment is not approved is told the session and whom to ask, on the elections page and the ballot', async () => {
        await signInAs(page, unpaid);
        await page.goto('/elections');
        await expect(page.locator(`li[data-election-id="${election.id}"] [data-voter-rule]`)).toHaveText(label);
        await expect(page.locator(`li[data-election-id="${election.id}"] [data-roll-size]`)).toContainText('1 member');
        const told = page.getByRole('group', { name: 'Your eligibility to vote' });
        const notice = told.locator('div').filter({ hasText: `${election.title}: ${ELIGIBILITY_MSG.title}` });
        await expect(notice.getByText(ELIGIBILITY_MSG.NOT_FINANCIAL(SESSION))).toBeVisible();
        await expect(notice.locator('[data-voter-rule]')).toHaveText(label);
        await expectAccessibleAtBothWidths(page, 'elections page, member who has not paid');

        await page.goto(`/election/${election.id}`);
        await expect(page.getByText(ELIGIBILITY_MSG.NOT_FINANCIAL(SESSION))).toBeVisible();
        await expect(page.getByText(ELIGIBILITY_MSG.controlsDisabled)).toBeVisible();
        for (const name of Object.values(names)) {
          const button = card(page, name).getByRole('button', { name: /^Vote for President/ });
          await expect(button).toBeDisabled();
          await expect(button).toHaveAccessibleDescription(/Only financial members for 2026-2027 may vote/);
        }
        await expectAccessibleAtBothWidths(page, 'voting page, member who has not paid');
      });
    } finally {
      await deletePaymentsOf(paid.id);
      await deletePaymentsOf(unpaid.id);
    }
  });
});
