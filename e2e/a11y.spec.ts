import { theSuperAdmin } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/flows.ts';
import { expectAccessible } from './support/page-checks.ts';
import { ADMIN_SCREENS } from './support/screens.ts';

// Every screen of the shell, at 1280 px and (tagged @mobile) at 390 px: no serious or critical
// axe violation, and nothing wider than the window.

// [path, the page's level-1 heading, or the name of the dialog the path opens]
const PUBLIC_SCREENS: [string, string, 'dialog'?][] = [
  ['/', "Aerospace Engineering Students' Association"],
  ['/about', 'About Us'],
  ['/events', 'Events'],
  ['/members', 'Meet Our Members'],
  ['/profile/some-member', 'Profile'],
  ['/aerointel', 'AeroIntel'],
  ['/elections', 'AESA DECIDES'],
  ['/elections/results/1', 'Election Results', 'dialog'],
  ['/login', 'Login'],
  ['/register', 'Join Us'],
  ['/forgot-password', 'Forgot Password'],
  ['/reset-password?token=abc', 'Reset Password'],
  ['/reset-password', 'Reset Password'],
  ['/set-password?token=abc', 'Set Your Password'],
  ['/terms', 'Terms of Use'],
  ['/privacy', 'Privacy Policy'],
  ['/unauthorized', 'Access Denied'],
  ['/no-such-page', 'Oops! Page not found'],
];

test.describe('accessibility @mobile', { tag: '@a11y' }, () => {
  for (const [path, heading, kind] of PUBLIC_SCREENS) {
    test(`public screen ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(kind === 'dialog' ? page.getByRole('dialog', { name: heading }) : page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page, path);
    });
  }

  test('forms showing their errors, the forgot-password sent state and a flash', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectAccessible(page, 'login errors');
    await page.getByLabel('Matric Number').fill('NOBODY/1');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessible(page, 'login failure with flash');

    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expectAccessible(page, 'forgot password sent');
  });

  // The menu button exists below 1024 px: the phone project only.
  test('logged-out mobile menu @phone-only', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Join Us' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await expectAccessible(page, 'mobile menu (visitor)');
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/about$/);
  });

  test.describe('signed in', () => {
    test('member screens, the menus and the Settings dialog', async ({ page, member }) => {
      for (const [path, heading] of [
        // The own profile's heading: the name, or the matric number until a name is set.
        ['/profile', member.matric],
        // An election that does not exist: the fallback title.
        ['/election/1', 'AESA DECIDES'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectAccessible(page, path);
      }

      const mobile = (page.viewportSize()?.width ?? 1280) < 1024;
      if (mobile) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog');
        await expect(menu.getByText(member.email)).toBeVisible();
        await expect(menu.getByRole('link', { name: 'Meet Our Members' })).toBeVisible();
        await expectAccessible(page, 'mobile menu');
        await menu.getByRole('button', { name: 'Settings' }).click();
      } else {
        await page.getByRole('button', { name: /account menu/ }).click();
        await expect(page.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
        await expectAccessible(page, 'user menu');
        await page.getByRole('menuitem', { name: 'Settings' }).click();
      }
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await expect(settings.getByLabel('Full Name')).toHaveValue(/.*/);
      await expectAccessible(page, 'settings: profile info');
      await settings.getByRole('tab', { name: 'Change Password' }).click();
      await settings.getByRole('button', { name: 'Change Password' }).click();
      await expect(settings.getByText('Current password is required')).toBeVisible();
      await expectAccessible(page, 'settings: change password with errors');
      await page.keyboard.press('Escape');
      await expect(settings).toBeHidden();
      await expect(page.locator('[data-menu-trigger]:visible')).toBeFocused();
    });
  });

  test('admin screens', async ({ page, request }) => {
    // Seven screens, each with an axe run: about 16 s a screen on a slow two-core machine running
    // three shards at once, past the default 120 s for the whole test.
    test.setTimeout(ADMIN_SCREENS.length * 40_000);
    await signInAs(page, (await theSuperAdmin(request)).member);
    for (const [path, heading] of ADMIN_SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page, path);
    }
  });
});
