import { ELIGIBILITY_MSG } from '@aesa/shared/elections';
import { FINANCE_MSG } from '@aesa/shared/finance';
import { asRead, theSuperAdmin } from './support/admin.ts';
import { deletePaymentsOf, ensureCurrentSession } from './support/db.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/flows.ts';
import { waitForMail } from './support/mailbox.ts';
import { DIALOG, expectAccessible } from './support/page-checks.ts';

// Dues from both sides: a member sends a proof of payment from the Membership card on the own
// profile, the treasurer (a finance admin) approves it on the Finance screen, and the member is a
// financial member for the session, with a receipt to open and print. Each project runs it at its
// own width (1280 px and 390 px). Then the member votes in an election for financial members of
// the session, the rule the election rules promise every voter.

// A small real PNG: the server re-encodes it like every uploaded image.
const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVR4nGMwXlVOFcQwapDxaBgZj6ajVaNZZBX5xQgAUrX+ELAtDhAAAAAASUVORK5CYII=',
  'base64',
);

test.describe('dues and financial members', { tag: '@finance' }, () => {
  test('a member sends a proof, the treasurer approves it, the member is financial, opens the receipt and votes in a financial-members election @mobile', async ({ page, browser, request, createAccount, adminWith, election: newElection }) => {
    test.setTimeout(240_000);
    const year = await ensureCurrentSession();
    // Every spec makes the same current session (support/db.ts), so this one is always 2026-2027.
    expect(year).toBe('2026-2027');
    const name = `Ngozi Payer ${test.info().project.name}`;
    const member = await createAccount({ name, verified: true });
    const reference = `TRF-${Date.now().toString(36).toUpperCase()}`;
    const treasurerContext = await browser.newContext({ viewport: page.viewportSize() });
    const treasurer = await treasurerContext.newPage();
    try {
      await signInAs(page, member);

      await test.step('the Membership card says verified, dues not paid, and takes the proof', async () => {
        await page.goto('/profile#membership');
        const card = page.getByRole('region', { name: 'Membership' });
        await expect(card.getByText('Verified member for 2026-2027, dues not paid')).toBeVisible();
        await card.getByRole('button', { name: 'Send Proof of Payment' }).click();
        await expect(card.getByText(FINANCE_MSG.proofRequired)).toBeVisible();
        await card.getByLabel('Payment reference').fill(reference);
        await card.getByLabel('Proof of payment', { exact: true }).setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PROOF_PNG });
        await card.getByRole('button', { name: 'Send Proof of Payment' }).click();
        await expect(card.getByText('Your proof of payment of ₦5,000 is waiting for the treasurer.')).toBeVisible();
        await expect(card.getByText(`Reference ${reference}`)).toBeVisible();
        await expectAccessible(page, 'membership card with a pending proof');
      });

      await test.step('the treasurer finds it among the pending proofs and approves it', async () => {
        await adminWith(['is_finance_admin'], { name: 'Tola Treasurer', signIn: treasurer });
        await treasurer.goto('/admin/finance');
        await treasurer.getByLabel('Status').selectOption('pending');
        const card = treasurer.getByRole('article', { name });
        await expect(card).toContainText(reference);
        await expect(treasurer.getByText('Pending proofs')).toBeVisible();
        await expectAccessible(treasurer, 'finance screen with pending proofs');
        await card.getByRole('button', { name: `Approve payment of ${name}` }).click();
        const dialog = treasurer.getByRole('dialog', { name: `Approve payment of ${name}` });
        await expect(dialog.getByLabel('Amount received (₦)')).toHaveValue('5000');
        await expectAccessible(treasurer, 'approve dialog', { include: DIALOG });
        await dialog.getByRole('button', { name: 'Approve Payment' }).click();
        await expect(treasurer.getByText(new RegExp(`Payment approved for ${name}\\. Receipt AESA-2026-2027-\\d{4}`))).toBeVisible();
        await expect(card).toHaveCount(0); // no longer pending
      });

      await test.step('the member is e-mailed, is a financial member and opens the printable receipt', async () => {
        const mail = await waitForMail(member.email, /dues for 2026-2027 are paid/);
        const receiptNumber = /AESA-2026-2027-\d{4}/.exec(mail.text)?.[0];
        expect(receiptNumber).toBeTruthy();
        await page.reload();
        const card = page.getByRole('region', { name: 'Membership' });
        await expect(card.getByText('Financial member for 2026-2027')).toBeVisible();
        await expectAccessible(page, 'membership card, financial');
        await card.getByRole('link', { name: `Receipt ${receiptNumber}` }).click();
        const receipt = page.getByRole('article', { name: 'Receipt of payment' });
        await expect(receipt.getByRole('heading', { level: 1, name: 'Receipt of payment' })).toBeVisible();
        await expect(receipt.getByText(receiptNumber!)).toBeVisible();
        await expect(receipt.getByText(name)).toBeVisible();
        await expect(receipt.getByText('Membership dues, 2026-2027 session')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Print Receipt' })).toBeVisible();
        await expectAccessible(page, 'receipt');
      });

      await test.step('the financial member votes in an election for financial members of 2026-2027', async () => {
        const candidate = `Kemi Financial ${test.info().project.name}`;
        const election = await newElection({ phase: 'upcoming', positions: { President: [candidate] } });
        const { token } = await theSuperAdmin(request);
        // Who may vote is chosen before voting opens; then voting opens (the start a minute ago)
        // and the roll freezes with the member on it, as paid.
        const rule = await request.patch(`/api/elections/${election.id}`, { headers: await asRead(request, `/api/elections/${election.id}`, token), data: { voter_rule: 'financial', session: '2026-2027' } });
        expect(rule.ok(), await rule.text()).toBe(true);
        const opened = await request.patch(`/api/elections/${election.id}`, { headers: await asRead(request, `/api/elections/${election.id}`, token), data: { start_time: new Date(Date.now() - 60_000).toISOString() } });
        expect(opened.ok(), await opened.text()).toBe(true);
        await page.goto(`/election/${election.id}`);
        await expect(page.getByText(ELIGIBILITY_MSG.eligible)).toBeVisible();
        const card = page.locator('li[data-candidate-id]').filter({ hasText: candidate });
        await card.getByRole('button', { name: /^Vote for President/ }).click();
        await page.getByRole('button', { name: 'Yes, Vote Now' }).click();
        await expect(card.getByText('Voted')).toBeVisible();
      });
    } finally {
      await treasurerContext.close();
      await deletePaymentsOf(member.id);
    }
  });
});
