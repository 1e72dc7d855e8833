import type { Locator, Page } from '@playwright/test';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { SERVER_MSG } from '@aesa/shared/messages';
import { recordDialogs, unique } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { logInThroughUi } from './support/flows.ts';

// Refusals are shown from their codes: one about a field stands under that field and leaves the
// form usable (no notice in the way), and a toast about a failure goes once the failure is over,
// and never sits over the first field of a dialog opened after it.

/**
 * Less than a toast's own 5 seconds: a toast still there after this stayed because nothing took
 * it away, not because it had not timed out yet.
 */
const SOON = { timeout: 2_000 };

const errorToast = (page: Page, text: string) => page.locator('[data-flash="error"]').filter({ hasText: text });

/** Whether two elements' boxes on screen overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test.describe('refusals from their codes', { tag: '@errors' }, () => {
  test('a failed login\'s toast goes when the member tries again and gets in @mobile', async ({ page, createAccount }) => {
    const account = await createAccount({ name: unique('Retry Member') });
    await page.goto('/login');
    await logInThroughUi(page, account.matric, 'not-the-password');
    await expect(errorToast(page, SERVER_MSG.invalidCredentials)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: SERVER_MSG.invalidCredentials }).first()).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(errorToast(page, SERVER_MSG.invalidCredentials)).toHaveCount(0, SOON);
    await expect(page).toHaveURL(/\/(dashboard|profile)/);
  });

  test('a duplicate role name stands under the name field, the dialog stays usable, and the last toast leaves the next dialog\'s first field clear @mobile', async ({ page, adminWith }) => {
    await adminWith(['is_super_admin']);
    const dialogs = await recordDialogs(page);
    await page.goto('/admin/super');
    await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();

    const roleName = unique('Codes Desk');
    await page.getByRole('button', { name: 'Create New Role' }).click();
    let form = page.getByRole('dialog', { name: 'Create New Role' });
    await form.getByLabel('Role name').fill(roleName);
    await form.getByRole('button', { name: 'Create Role' }).click();
    await expect(form).toBeHidden();
    const created = page.locator('[data-flash="success"]').filter({ hasText: roleName });
    await expect(created).toBeVisible();

    // The next dialog opens while that toast is up: the toast goes, and nothing covers the first field.
    await page.getByRole('button', { name: 'Create New Role' }).click();
    form = page.getByRole('dialog', { name: 'Create New Role' });
    const name = form.getByLabel('Role name');
    await expect(name).toBeVisible();
    await expect(created).toHaveCount(0, SOON);
    for (const toast of await page.locator('[data-flash]').all()) expect(await overlap(toast, name)).toBe(false);

    // The same name again (in other capitals): the server refuses it, and says so under the name.
    await name.fill(roleName.toUpperCase());
    await form.getByRole('button', { name: 'Create Role' }).click();
    await expect(name).toHaveAccessibleDescription(new RegExp(ADMIN_MSG.roleNameTaken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(name).toBeFocused();
    expect(dialogs).toEqual([]);

    // The form is still the member's: another name is saved.
    await name.fill(`${roleName} Two`);
    await form.getByRole('button', { name: 'Create Role' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('article', { name: `${roleName} Two` })).toBeVisible();
  });
});
