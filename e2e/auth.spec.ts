import { TIMING } from '@aesa/shared/constants';
import { MSG, SERVER_MSG } from '@aesa/shared/messages';
import type { Page } from '@playwright/test';
import { theSuperAdmin } from './support/admin.ts';
import { newMember } from './support/factories.ts';
import { expect, test } from './support/fixtures.ts';
import { logInThroughUi, signInAs } from './support/flows.ts';
import { linkPath, waitForMail } from './support/mailbox.ts';
import { ADMIN_SCREENS } from './support/screens.ts';

/**
 * The reset-password screen sends the visitor on to /forgot-password after a pause: the page's
 * clock (installed at the start of the test, running as usual until then) jumps over it.
 */
async function expectSentToForgotPassword(page: Page) {
  await page.clock.runFor(TIMING.resetRedirectMs);
  await expect(page).toHaveURL(/\/forgot-password$/, { timeout: 5000 });
}

const flash = (page: Page, text: string) => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text }).first();

async function openSettings(page: Page) {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  return page.getByRole('dialog', { name: 'Settings' });
}

test.describe('auth', { tag: '@auth' }, () => {
  test('register, set the first password from the e-mail, log in, change it in Settings, log out and back in', async ({ page }) => {
    await page.clock.install();
    const member = newMember();

    await test.step('register through the form', async () => {
      await page.goto('/register');
      await page.getByLabel('Email', { exact: true }).fill(member.email);
      await page.getByLabel('Matric Number').fill(member.matric);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(flash(page, MSG.registrationSuccess)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });

    const link = linkPath(await waitForMail(member.email, /set your password/i));

    await test.step('set the first password with the e-mailed link', async () => {
      // A new member is setting a first password, not resetting one: the page says so.
      expect(link).toMatch(/^\/set-password\?token=/);
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
      await expect(page.getByText(/reset/i)).toHaveCount(0);
      await page.getByLabel('New Password', { exact: true }).fill(member.password);
      await page.getByLabel('Confirm Password', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Set Password' }).click();
      // The flash first: it lives 5 s, and a loaded machine can take longer to show /login.
      await expect(flash(page, MSG.resetConfirmSuccess)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });

    await test.step('the link works once: a second use is refused and leads to a new request', async () => {
      await page.goto(link);
      await page.getByLabel('New Password', { exact: true }).fill('another-pass');
      await page.getByLabel('Confirm Password', { exact: true }).fill('another-pass');
      await page.getByRole('button', { name: 'Set Password' }).click();
      await expect(page.getByRole('alert').filter({ hasText: SERVER_MSG.tokenExpiredOrUsed }).first()).toBeVisible();
      await expectSentToForgotPassword(page);
    });

    await test.step('log in: the submit button says "Logging in..." and the member lands on /profile', async () => {
      await page.goto('/login');
      await page.getByLabel('Matric Number').fill(member.matric.toLowerCase());
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      const submit = page.getByRole('button', { name: 'Login', exact: true });
      // Hold the answer back until the submitting state has been seen.
      let release: () => void = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.route(
        '**/api/auth/token',
        async (route) => {
          await held;
          await route.continue();
        },
        { times: 1 },
      );
      await submit.click();
      await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
      release();
      await expect(page).toHaveURL(/\/profile$/);
      // The own profile's heading is the member's name, or the matric number until a name is set.
      await expect(page.getByRole('heading', { level: 1, name: member.matric })).toBeVisible();
      await expect(page.getByRole('button', { name: /account menu/ })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    });

    const newPassword = 'second-pass-456';
    await test.step('Settings: the password change checks its fields, then changes the password', async () => {
      const dialog = await openSettings(page);
      await dialog.getByRole('tab', { name: 'Change Password' }).click();
      await dialog.getByRole('button', { name: 'Change Password' }).click();
      await expect(dialog.getByText(MSG.currentPasswordRequired)).toBeVisible();
      await expect(dialog.getByText(MSG.passwordTooShort)).toBeVisible();

      await dialog.getByLabel('Current Password', { exact: true }).fill('wrong-current');
      await dialog.getByLabel('New Password', { exact: true }).fill('abc');
      await dialog.getByLabel('Confirm New Password', { exact: true }).fill('abd');
      await dialog.getByRole('button', { name: 'Change Password' }).click();
      await expect(dialog.getByText(MSG.passwordTooShort)).toBeVisible();
      await expect(dialog.getByText(MSG.newPasswordsMismatch)).toBeVisible();

      // Show/hide toggles reveal what was typed.
      const current = dialog.getByLabel('Current Password', { exact: true });
      await expect(current).toHaveAttribute('type', 'password');
      await dialog.getByRole('button', { name: 'Show current password' }).click();
      await expect(current).toHaveAttribute('type', 'text');

      // A common password is refused by the server, which says why.
      await dialog.getByLabel('New Password', { exact: true }).fill('iloveyou1');
      await dialog.getByLabel('Confirm New Password', { exact: true }).fill('iloveyou1');
      await dialog.getByRole('button', { name: 'Change Password' }).click();
      await expect(dialog.getByText(MSG.passwordTooCommon)).toBeVisible();

      await dialog.getByLabel('New Password', { exact: true }).fill(newPassword);
      await dialog.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
      await dialog.getByRole('button', { name: 'Change Password' }).click();
      await expect(dialog.getByText(SERVER_MSG.currentPasswordWrong)).toBeVisible();
      await expect(flash(page, MSG.passwordChangeFailedFlash)).toBeVisible();
      // Flashes stay reachable above the modal; closing one does not close the dialog.
      await page
        .locator('[data-flash="error"]')
        .filter({ hasText: MSG.passwordChangeFailedFlash })
        .getByRole('button', { name: 'Close notification' })
        .click();
      await expect(flash(page, MSG.passwordChangeFailedFlash)).toHaveCount(0);
      await expect(dialog).toBeVisible();
      // A wrong current password is not the end of the session.
      await expect(page).toHaveURL(/\/profile$/);

      await current.fill(member.password);
      await dialog.getByRole('button', { name: 'Change Password' }).click();
      await expect(flash(page, MSG.passwordChanged)).toBeVisible();
      await expect(dialog.getByLabel('Current Password', { exact: true })).toHaveValue('');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: /account menu/ })).toBeFocused();
    });

    await test.step('sign out: the member leaves the protected page for home, logged out', async () => {
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
      await page.goto('/profile');
      await expect(page).toHaveURL(/\/login$/);
    });

    await test.step('the old password no longer works; the new one does', async () => {
      await logInThroughUi(page, member.matric, member.password);
      await expect(page.getByRole('alert').filter({ hasText: SERVER_MSG.invalidCredentials }).first()).toBeVisible();
      await expect(flash(page, SERVER_MSG.invalidCredentials)).toBeVisible();
      await logInThroughUi(page, member.matric, newPassword);
      // The guard remembered /profile as the origin.
      await expect(page).toHaveURL(/\/profile$/);
    });
  });

  // `member` signs the page in.
  test('Settings: Profile Info saves name, e-mail and phone', async ({ page, member: _member }) => {
    await page.goto('/profile');
    const dialog = await openSettings(page);
    await dialog.getByLabel('Full Name').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText(MSG.nameRequired)).toBeVisible();
    await dialog.getByLabel('Full Name').fill('Grace Hopper');
    await dialog.getByLabel('Phone Number').fill('+234 801 234 5678');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(flash(page, MSG.profileUpdated)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /Grace Hopper/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: /Grace Hopper/ })).toBeVisible();
  });

  test('the forms show the spec messages for bad input', async ({ page }) => {
    await page.clock.install();
    await test.step('login', async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText(MSG.matricRequired)).toBeVisible();
      await expect(page.getByText(MSG.passwordRequired)).toBeVisible();
      await expect(page.getByLabel('Matric Number')).toBeFocused();
      // Errors clear when the field is edited.
      await page.getByLabel('Matric Number').fill('A');
      await expect(page.getByText(MSG.matricRequired)).toHaveCount(0);
      await expect(page.getByText(MSG.passwordRequired)).toBeVisible();
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('secret');
      await page.getByRole('button', { name: 'Show password' }).click();
      await expect(password).toHaveAttribute('type', 'text');
      await page.getByRole('button', { name: 'Hide password' }).click();
      await expect(password).toHaveAttribute('type', 'password');

      const logged = page.waitForEvent('console', (m) => /Login with Google/.test(m.text()));
      await page.getByRole('button', { name: 'Login with Google' }).click();
      await logged;
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
      await expect(page.getByRole('main').getByRole('link', { name: 'Join Us' })).toHaveAttribute('href', '/register');
    });

    await test.step('register', async () => {
      await page.goto('/register');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText(MSG.emailRequired)).toBeVisible();
      await expect(page.getByText(MSG.matricRequired)).toBeVisible();
      await page.getByLabel('Email', { exact: true }).fill('not-an-address');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText(MSG.emailInvalid)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Terms of Use' }).first()).toHaveAttribute('href', '/terms');
      await expect(page.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy');
    });

    await test.step('register an e-mail that is taken', async () => {
      const taken = newMember();
      const first = await page.request.post('/api/auth/signup', { data: { email: taken.email, matric_number: taken.matric } });
      expect(first.ok()).toBe(true);
      await page.getByLabel('Email', { exact: true }).fill(taken.email);
      await page.getByLabel('Matric Number').fill(`${taken.matric}X`);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByRole('alert').filter({ hasText: SERVER_MSG.emailTaken }).first()).toBeVisible();
      await expect(page).toHaveURL(/\/register$/);
    });

    await test.step('forgot password', async () => {
      await page.goto('/forgot-password');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByText(MSG.forgotEmailRequired)).toBeVisible();
      await page.getByLabel('Email', { exact: true }).fill('nope');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByText(MSG.emailInvalid)).toBeVisible();
      await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
      await expect(page.getByText(MSG.resetRequestSent)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
      await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    });

    await test.step('reset password without a token', async () => {
      await page.goto('/reset-password');
      await expect(page.getByText(MSG.resetTokenMissing)).toBeVisible();
      await expectSentToForgotPassword(page);
    });

    await test.step('reset password with bad input and an unknown token', async () => {
      await page.goto('/reset-password?token=not-a-real-token');
      const submit = page.getByRole('button', { name: 'Reset Password' });
      await submit.click();
      await expect(page.getByText(MSG.fillAllFields)).toBeVisible();
      await page.getByLabel('New Password', { exact: true }).fill('abcdef');
      await page.getByLabel('Confirm Password', { exact: true }).fill('abcdeg');
      await submit.click();
      await expect(page.getByText(MSG.passwordsMismatch)).toBeVisible();
      await page.getByLabel('New Password', { exact: true }).fill('abc');
      await page.getByLabel('Confirm Password', { exact: true }).fill('abc');
      await submit.click();
      await expect(page.getByText(MSG.passwordTooShort)).toBeVisible();
      // Seven characters are too few since the minimum became eight.
      await page.getByLabel('New Password', { exact: true }).fill('seven-7');
      await page.getByLabel('Confirm Password', { exact: true }).fill('seven-7');
      await submit.click();
      await expect(page.getByText(MSG.passwordTooShort)).toBeVisible();
      await page.getByLabel('New Password', { exact: true }).fill('orbit-pass-77');
      await page.getByLabel('Confirm Password', { exact: true }).fill('orbit-pass-77');
      await submit.click();
      await expect(page.getByRole('alert').filter({ hasText: SERVER_MSG.tokenExpiredOrUsed }).first()).toBeVisible();
      await expectSentToForgotPassword(page);
    });
  });

  test('forgot password end to end: the e-mailed link resets the password', async ({ page, createAccount }) => {
    const member = await createAccount();
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(MSG.resetRequestSent)).toBeVisible();
    const link = linkPath(await waitForMail(member.email, /reset your password/i));
    await page.goto(link);
    // A common password is refused with the server's reason, and the link stays usable.
    await page.getByLabel('New Password', { exact: true }).fill('Password123');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Password123');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.passwordTooCommon }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel('New Password', { exact: true }).fill('reset-pass-789');
    await page.getByLabel('Confirm Password', { exact: true }).fill('reset-pass-789');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(flash(page, MSG.resetConfirmSuccess)).toBeVisible();
    await logInThroughUi(page, member.matric, 'reset-pass-789');
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('guards: origin remembered, guest-only pages, admin pages, dashboard', async ({ page, createAccount }) => {
    const member = await createAccount();

    await page.goto('/election/42');
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughUi(page, member.matric, member.password);
    await expect(page).toHaveURL(/\/election\/42$/);

    await page.goto('/register');
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/profile$/);

    // Admin screens open for any signed-in member and show Access Denied in place without the
    // module's permission (the server refuses the data with 403 anyway).
    await page.goto('/admin/electoral');
    await expect(page).toHaveURL(/\/admin\/electoral$/);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' }).first()).toBeVisible();
  });

  test('an administrator reaches the admin screens', async ({ page, request }) => {
    const { member: admin } = await theSuperAdmin(request);
    await page.goto('/login');
    await logInThroughUi(page, admin.matric, admin.password);
    await expect(page).toHaveURL(/\/profile$/);
    for (const [path, title] of ADMIN_SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // Every module screen links back to the dashboard.
      await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveCount(path === '/admin' ? 0 : 1);
    }
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a 401 ends the session: /login with "Session expired. Please login again."', async ({ page, request, createAccount }) => {
    const member = await createAccount();
    const session = await signInAs(page, member);
    await page.goto('/profile');
    await expect(page.getByRole('button', { name: /account menu/ })).toBeVisible();
    // As on a slow phone: the page is on screen when the server's 401 arrives, and the login
    // screen then takes longer to arrive than the message lasts. The message is about the page
    // the member lands on and must still be there when that page shows.
    // The page's own requests are held from before the session ends: one still loading the
    // profile would otherwise get the 401 first and leave for /login before the reload.
    await page.waitForLoadState('networkidle');
    let answer = () => {};
    const pageShown = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/**', async (route) => {
      await pageShown;
      await route.continue();
    });
    await page.route(/\/login-screen-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, TIMING.flashDurationMs + 1000));
      await route.continue();
    });
    // The session is revoked behind the page's back (as a password change elsewhere would).
    const out = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${session.token}` } });
    expect(out.ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('button', { name: /account menu/ })).toBeVisible();
    answer();
    await expect(page).toHaveURL(/\/login$/);
    await expect(flash(page, MSG.sessionExpired)).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('aesa.token'), localStorage.getItem('aesa.expires_at'), localStorage.getItem('aesa.user')])).toEqual([
      null,
      null,
      null,
    ]);
    // Logging in again returns to the page the member was on.
    await logInThroughUi(page, member.matric, member.password);
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('unknown pages show the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: MSG.notFoundPage })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: "Aerospace Engineering Students' Association" })).toBeVisible();
  });
});
