import { EMAIL_CHANGE_MSG, SERVER_MSG } from '@aesa/shared/messages';
import type { Page } from '@playwright/test';
import { newMember } from './support/factories.ts';
import { expect, test } from './support/fixtures.ts';
import { type CaughtMail, waitForMail } from './support/mailbox.ts';
import { DIALOG, expectAccessibleAtBothWidths } from './support/page-checks.ts';

async function openSettings(page: Page) {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  return page.getByRole('dialog', { name: 'Settings' });
}

/** The confirmation link in a mail, as a path of the app. */
function confirmPath(mail: CaughtMail): string {
  const match = /https?:\/\/[^\s/]+(\/confirm-email\?token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link in mail: ${mail.text}`);
  return match[1]!;
}

test.describe('changing the e-mail address', { tag: '@auth' }, () => {
  test('Settings asks for the current password, the link in the new inbox makes the change', async ({ page, member }) => {
    const next = newMember().email;
    await page.goto('/profile');
    const dialog = await openSettings(page);
    const email = dialog.getByLabel('Email', { exact: true });
    const password = dialog.getByLabel('Current Password', { exact: true });

    await test.step('the Current Password field appears only for another address', async () => {
      // A member who just signed up has no name yet, and a name is required.
      await dialog.getByLabel('Full Name').fill('Ngozi Okafor');
      await expect(password).toHaveCount(0);
      await email.fill(next);
      await expect(password).toBeVisible();
      await email.fill(member.email.toUpperCase());
      await expect(password).toHaveCount(0);
      await email.fill(next);
    });

    await test.step('without it, and with a wrong one, the change is refused with a clear message', async () => {
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(dialog.getByText(EMAIL_CHANGE_MSG.passwordRequired)).toBeVisible();
      await expect(password).toBeFocused();
      await expectAccessibleAtBothWidths(page, 'settings: e-mail change without password', { include: DIALOG });
      await password.fill('not-the-password');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      // The server's refusal is about that field: it stands under it, which gets focus again.
      await expect(password).toHaveAccessibleDescription(new RegExp(SERVER_MSG.currentPasswordWrong));
      await expect(password).toBeFocused();
    });

    await test.step('with it, the link goes to the new address and the address stays until it is followed', async () => {
      await password.fill(member.password);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(dialog.getByRole('status').filter({ hasText: EMAIL_CHANGE_MSG.linkSent(next) })).toBeVisible();
      await expect(email).toHaveValue(member.email);
      await expectAccessibleAtBothWidths(page, 'settings: e-mail change requested', { include: DIALOG });
      await waitForMail(member.email, /change of your e-mail address was requested/);
    });

    await test.step('the link from the mail confirms the change', async () => {
      const link = confirmPath(await waitForMail(next, /confirm your new e-mail address/));
      await page.keyboard.press('Escape');
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Confirm Email Address' })).toBeVisible();
      await expectAccessibleAtBothWidths(page, 'confirm e-mail');
      await page.getByRole('button', { name: 'Confirm New Email Address' }).click();
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: EMAIL_CHANGE_MSG.confirmed(next) })).toBeVisible();
      await expectAccessibleAtBothWidths(page, 'confirm e-mail: done');
      await waitForMail(member.email, /your e-mail address was changed/);
    });

    await test.step('Settings shows the new address; the link does not work twice', async () => {
      await page.getByRole('link', { name: 'Go to your profile' }).click();
      const again = await openSettings(page);
      await expect(again.getByLabel('Email', { exact: true })).toHaveValue(next);
      await page.keyboard.press('Escape');
      const link = confirmPath(await waitForMail(next, /confirm your new e-mail address/));
      await page.goto(link);
      await page.getByRole('button', { name: 'Confirm New Email Address' }).click();
      await expect(page.getByRole('alert').filter({ hasText: EMAIL_CHANGE_MSG.tokenInvalid }).first()).toBeVisible();
    });
  });

  test('the confirmation page without a token says what to do', async ({ page }) => {
    await page.goto('/confirm-email');
    await expect(page.getByRole('alert').filter({ hasText: EMAIL_CHANGE_MSG.tokenMissing })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm New Email Address' })).toHaveCount(0);
  });
});
