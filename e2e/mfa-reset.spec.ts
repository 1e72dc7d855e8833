import { Secret, TOTP } from 'otpauth';
import { MFA_MSG } from '@aesa/shared/mfa';
import { bearer, tokenOf } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { logInThroughUi } from './support/flows.ts';
import { DIALOG, expectAccessibleAtBothWidths } from './support/page-checks.ts';

// An officer lost the phone with their authenticator app. A super admin resets their second
// factor on the Super Admin screen: confirmed first, then the officer's sessions end; the officer
// signs in with the password alone and sets it up again in Settings.

const codeFor = (secret: string, aheadMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() + aheadMs });

test.describe('resetting an officer’s second factor', { tag: '@auth' }, () => {
  test('a super admin resets it (confirmed); the officer is signed out, signs in with the password and sets it up again @mobile', async ({ page, browser, request, adminWith }) => {
    test.setTimeout(240_000);
    // Both viewports run at once against one server: names of their own.
    const run = Date.now().toString(36).toUpperCase();
    const officer = await adminWith(['is_event_admin'], { name: `Olumide Phoneless ${run}`, signIn: null });
    // The officer turns it on (through the API, with the password each step asks for).
    const headers = bearer((await tokenOf(request, officer)).token);
    const setup = await request.post('/api/auth/mfa/setup', { headers, data: { password: officer.password } });
    expect(setup.ok(), await setup.text()).toBe(true);
    const { secret } = (await setup.json()) as { secret: string };
    expect((await request.post('/api/auth/mfa/confirm', { headers, data: { password: officer.password, code: codeFor(secret) } })).ok()).toBe(true);

    // The officer is signed in on their own computer (a desktop, whichever width the super admin's page has), with password and code.
    const officerPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false })).newPage();
    await officerPage.goto('/login');
    await logInThroughUi(officerPage, officer.matric, officer.password);
    await officerPage.getByLabel('Authentication code').fill(codeFor(secret, 30_000)); // this step's code was spent
    await officerPage.getByRole('button', { name: 'Verify' }).click();
    await expect(officerPage.getByRole('button', { name: /account menu/ })).toBeVisible();

    const chair = await adminWith(['is_super_admin'], { name: `Sade Chair ${run}` });
    const resetButton = page.getByRole('button', { name: `Reset two-factor authentication of ${officer.name}` });

    await test.step('the admin users list shows whose second factor is on, with Reset beside it', async () => {
      await page.goto('/admin/super');
      await page.getByRole('tab', { name: 'Admin Users' }).click();
      const row = page.getByRole('list', { name: 'Admin users' }).getByRole('listitem').filter({ hasText: officer.name });
      await expect(row).toContainText('2FA on');
      await expect(resetButton).toBeVisible();
      // Not for one's own account: that needs another super admin or the server's create-admin.
      const own = page.getByRole('list', { name: 'Admin users' }).getByRole('listitem').filter({ hasText: chair.name });
      await expect(own.getByRole('button', { name: /Reset two-factor/ })).toHaveCount(0);
      await expectAccessibleAtBothWidths(page, 'super: admin users with 2FA');
    });

    await test.step('reset asks first; Cancel changes nothing', async () => {
      await resetButton.click();
      const confirm = page.getByRole('alertdialog', { name: 'Please confirm' });
      await expect(confirm).toContainText(MFA_MSG.resetConfirm(officer.name));
      await expectAccessibleAtBothWidths(page, 'super: reset 2FA confirmation', { include: DIALOG });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await officerPage.reload();
      await expect(officerPage.getByRole('button', { name: /account menu/ })).toBeVisible();
    });

    await test.step('OK resets it: the notice, the row without 2FA, and the officer signed out', async () => {
      await resetButton.click();
      await page.getByRole('alertdialog', { name: 'Please confirm' }).getByRole('button', { name: 'OK' }).click();
      await expect(page.getByText(MFA_MSG.resetDone(officer.name))).toBeVisible();
      const row = page.getByRole('list', { name: 'Admin users' }).getByRole('listitem').filter({ hasText: officer.name });
      await expect(row).not.toContainText('2FA on');
      await expect(resetButton).toHaveCount(0);

      await officerPage.reload();
      await expect(officerPage.getByRole('button', { name: /account menu/ })).toHaveCount(0);
    });

    await test.step('the officer signs in with the password alone and sets it up again', async () => {
      await officerPage.goto('/login');
      await logInThroughUi(officerPage, officer.matric, officer.password);
      await expect(officerPage.getByRole('button', { name: /account menu/ })).toBeVisible();
      await officerPage.getByRole('button', { name: /account menu/ }).click();
      await officerPage.getByRole('menuitem', { name: 'Settings' }).click();
      const dialog = officerPage.getByRole('dialog', { name: 'Settings' });
      await dialog.getByRole('tab', { name: 'Two-factor authentication' }).click();
      await dialog.getByLabel('Current Password', { exact: true }).fill(officer.password);
      await dialog.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      const newSecret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
      expect(newSecret).not.toBe(secret);
      await dialog.getByLabel('Enter the 6-digit code the app shows').fill(codeFor(newSecret));
      await dialog.getByRole('button', { name: 'Turn on' }).click();
      await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    });
    await officerPage.context().close();
  });
});
