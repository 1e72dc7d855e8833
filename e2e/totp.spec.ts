import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { bearer, tokenOf } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { logInThroughUi } from './support/flows.ts';
import { DIALOG, expectAccessibleAtBothWidths } from './support/page-checks.ts';

// An officer turns on two-factor authentication in Settings, as with a phone: the key is read
// from the page (the text under the QR code), and the code is made from it by the same library
// the server uses, as an authenticator app would.

/** The code an authenticator app shows `aheadMs` from now (the server accepts the next step too). */
const codeFor = (secret: string, aheadMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() + aheadMs });

async function openSettings(page: Page) {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  return page.getByRole('dialog', { name: 'Settings' });
}

test.describe('two-factor authentication', { tag: '@auth' }, () => {
  test('an admin turns it on in Settings, keeps the recovery codes, signs out and signs in with password and code', async ({ page, adminWith }) => {
    test.setTimeout(240_000); // four screens checked with axe at two widths
    const admin = await adminWith(['is_event_admin'], { name: 'Tomi Totp' });
    let secret = '';

    await test.step('Settings shows the tab to an admin; setting up shows a QR code and the key as text', async () => {
      await page.goto('/profile');
      const dialog = await openSettings(page);
      await dialog.getByRole('tab', { name: 'Two-factor authentication' }).click();
      await expect(dialog.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
      await expectAccessibleAtBothWidths(page, 'Settings, two-factor tab', { include: DIALOG });
      // The current password first: a session alone cannot turn it on.
      await dialog.getByLabel('Current Password', { exact: true }).fill(admin.password);
      await dialog.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectAccessibleAtBothWidths(page, 'Settings, two-factor setup', { include: DIALOG });
    });

    await test.step('a wrong code is refused; the right one turns it on and shows 10 recovery codes once', async () => {
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      const code = codeFor(secret);
      const wrong = code === '000000' ? '111111' : '000000';
      await dialog.getByLabel('Enter the 6-digit code the app shows').fill(wrong);
      await dialog.getByRole('button', { name: 'Turn on' }).click();
      await expect(dialog.getByText('That code is not right.')).toBeVisible();
      await dialog.getByLabel('Enter the 6-digit code the app shows').fill(code);
      await dialog.getByRole('button', { name: 'Turn on' }).click();
      const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Download' })).toBeVisible();
      await expectAccessibleAtBothWidths(page, 'Settings, recovery codes', { include: DIALOG });
      await dialog.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await expect(dialog.getByText('Two-factor authentication is on.')).toBeVisible();
      await expect(dialog.getByText('10 of 10 recovery codes left.')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step('sign out, then the password alone leads to the code step, and the code signs in', async () => {
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
      await page.goto('/login');
      await logInThroughUi(page, admin.matric, admin.password);
      await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
      await expect(page.getByRole('button', { name: /account menu/ })).toHaveCount(0);
      await expectAccessibleAtBothWidths(page, 'Login, code step');
      // The enrolment spent this step's code; the app's next code is accepted (one step of drift).
      await page.getByLabel('Authentication code').fill(codeFor(secret, 30_000));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('button', { name: /account menu/ })).toBeVisible();
      await page.goto('/admin/events');
      await expect(page.getByRole('heading', { name: 'Event Management', level: 1 })).toBeVisible();
    });
  });

  test('once required, an admin without it is sent from the admin area to the setup in Settings', async ({ page, request, adminWith }) => {
    // A super admin with a second factor (set up through the API) switches the rule on, and off at the end.
    const superAdmin = await adminWith(['is_super_admin'], { name: 'Rita Rule', signIn: null });
    const headers = bearer((await tokenOf(request, superAdmin)).token);
    const setup = await request.post('/api/auth/mfa/setup', { headers, data: { password: superAdmin.password } });
    const { secret } = (await setup.json()) as { secret: string };
    expect((await request.post('/api/auth/mfa/confirm', { headers, data: { password: superAdmin.password, code: codeFor(secret) } })).ok()).toBe(true);
    await adminWith(['is_event_admin'], { name: 'Bola Blocked' });
    expect((await request.put('/api/admin/security-settings', { headers, data: { require_admin_mfa: true } })).ok()).toBe(true);
    try {
      await page.goto('/admin');
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await expect(dialog.getByRole('tab', { name: 'Two-factor authentication', selected: true })).toBeVisible();
      await expect(dialog.getByText('Two-factor authentication is required for administrators. Set it up in Settings.')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('heading', { name: 'Two-factor authentication required' })).toBeVisible();
      await expectAccessibleAtBothWidths(page, 'Admin area, setup required');
    } finally {
      await request.put('/api/admin/security-settings', { headers, data: { require_admin_mfa: false } });
    }
  });

  test('the super admin sees the switch that requires it of all admins', async ({ page, request, adminWith }) => {
    const sade = await adminWith(['is_super_admin'], { name: 'Sade Super' });
    await page.goto('/admin/super');
    await page.getByRole('tab', { name: 'Security' }).click();
    const toggle = page.getByRole('switch', { name: 'Require two-factor authentication for all admins' });
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText('You need it on for your own account first.')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'Super admin, Security tab');
    // Without their own second factor the switch is refused, with the reason shown (no browser alert).
    await toggle.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Require it' }).click();
    await expect(page.getByText('Turn on two-factor authentication for your own account before requiring it of all admins.')).toBeVisible();
    await expect(toggle).not.toBeChecked();

    // Once her own account has it, the tab says so instead of asking for it.
    const headers = bearer((await tokenOf(request, sade)).token);
    const { secret } = (await (await request.post('/api/auth/mfa/setup', { headers, data: { password: sade.password } })).json()) as { secret: string };
    expect((await request.post('/api/auth/mfa/confirm', { headers, data: { password: sade.password, code: codeFor(secret) } })).ok()).toBe(true);
    // Turning it on ended her other sessions: she signs in again, with the app's next code.
    await page.goto('/login');
    await logInThroughUi(page, sade.matric, sade.password);
    await page.getByLabel('Authentication code').fill(codeFor(secret, 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: /account menu/ })).toBeVisible();
    await page.goto('/admin/super');
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByText('Two-factor authentication is on for your own account.')).toBeVisible();
    await expect(page.getByText('You need it on for your own account first.')).toHaveCount(0);
  });
});
