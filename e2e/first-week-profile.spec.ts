import { ADMIN_MSG } from '@aesa/shared/admin';
import { ENROLLMENT_YEARS } from '@aesa/shared/constants';
import { MSG, SERVER_MSG } from '@aesa/shared/messages';
import { COMPLETE_PROFILE_MSG, CONTACT_VISIBILITY_MSG } from '@aesa/shared/profile';
import type { Browser, Page } from '@playwright/test';
import { unique } from './support/admin.ts';
import { type Account, expect, test } from './support/fixtures.ts';
import { logInThroughUi, signInAs } from './support/flows.ts';
import { DIALOG, expectAccessibleAtBothWidths, isMobile } from './support/page-checks.ts';

// A new member's first week on their own profile: the "Complete your profile" step after signing
// in (skippable, then a gentle card), being found by the directory's level and year filters, a
// data admin's correction, the password change on the profile, and contact details shown to
// signed-in members by choice. Every test runs at 1280 px and, tagged @mobile, at 390 px.

const flash = (page: Page, text: string) => page.locator('[data-flash]').filter({ hasText: text });
const step = (page: Page) => page.getByRole('region', { name: COMPLETE_PROFILE_MSG.title });
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The name the account menu (1280 px) or the mobile menu (390 px) shows for the signed-in member. */
async function expectMenuName(page: Page, name: string) {
  if (isMobile(page) || (page.viewportSize()?.width ?? 1280) < 1024) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  } else {
    await expect(page.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}.*account menu`) })).toBeVisible();
  }
}

/** A page of its own (another person's browser), at this test's window size. */
async function otherBrowser(browser: Browser, page: Page) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: page.viewportSize() });
  return context.newPage();
}

test.describe('complete your profile @mobile', () => {
  test('after the first sign-in a new member sets name, level and year and is found by the directory filters', async ({ page, createAccount }) => {
    const member = await createAccount(); // as a sign-up leaves it: no name, level or year
    const name = unique('Tobi Newcomer');
    const year = String(ENROLLMENT_YEARS.at(-2));

    await page.goto('/login');
    await logInThroughUi(page, member.matric, member.password);
    await expect(page).toHaveURL(/\/profile$/);
    // Until then the profile and the menus go by the matric number.
    await expect(page.getByRole('heading', { level: 1, name: member.matric })).toBeVisible();
    await expectMenuName(page, member.matric);

    const prompt = step(page);
    await expect(prompt.getByRole('heading', { name: COMPLETE_PROFILE_MSG.title })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'own profile with the complete-your-profile step');
    await prompt.getByRole('button', { name: COMPLETE_PROFILE_MSG.save }).click();
    await expect(prompt.getByText(MSG.nameRequired)).toBeVisible();
    await expect(prompt.getByText(COMPLETE_PROFILE_MSG.levelRequired)).toBeVisible();
    await expect(prompt.getByText(COMPLETE_PROFILE_MSG.yearRequired)).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'complete-your-profile step with its messages');

    await prompt.getByLabel(COMPLETE_PROFILE_MSG.nameLabel).fill(name);
    await prompt.getByLabel(COMPLETE_PROFILE_MSG.levelLabel).selectOption('200 Level');
    await prompt.getByLabel(COMPLETE_PROFILE_MSG.yearLabel).selectOption(year);
    await prompt.getByRole('button', { name: COMPLETE_PROFILE_MSG.save }).click();
    await expect(flash(page, COMPLETE_PROFILE_MSG.saved)).toBeVisible();
    await expect(prompt).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(`200 Level · Enrolled ${year}`)).toBeVisible();
    await expectMenuName(page, name);

    // The directory, through its own filters, finds the member at once.
    await page.goto('/members');
    await page.getByPlaceholder('Search by name').fill(name);
    await page.getByRole('combobox', { name: 'Level' }).selectOption('200 Level');
    await page.getByRole('combobox', { name: 'Year' }).selectOption(year);
    await expect(page).toHaveURL(new RegExp(`year=${year}`));
    await expect(page.getByRole('link', { name: new RegExp(escapeRegExp(name)) })).toBeVisible();
    await page.getByRole('combobox', { name: 'Level' }).selectOption('300 Level');
    await expect(page.getByText('No members found matching your search criteria.')).toBeVisible();

    // Later changes: the profile's own editor, starting from what is stored.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit name, level and year' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit name, level and year' });
    await expect(editor.getByLabel(COMPLETE_PROFILE_MSG.levelLabel)).toHaveValue('200 Level');
    await expect(editor.getByLabel(COMPLETE_PROFILE_MSG.yearLabel)).toHaveValue(year);
    await expectAccessibleAtBothWidths(page, 'edit name, level and year', { include: DIALOG });
    await editor.getByLabel(COMPLETE_PROFILE_MSG.levelLabel).selectOption('300 Level');
    await editor.getByRole('button', { name: COMPLETE_PROFILE_MSG.save }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText(`300 Level · Enrolled ${year}`)).toBeVisible();
  });

  test('Skip for now hides the step for the session; the profile keeps a card until done', async ({ page, createAccount }) => {
    const member = await createAccount({ name: 'Sade Skipper' });
    await signInAs(page, member);
    await page.goto('/profile');
    const prompt = step(page);
    await prompt.getByRole('button', { name: COMPLETE_PROFILE_MSG.skip }).click();
    await expect(prompt.getByLabel(COMPLETE_PROFILE_MSG.nameLabel)).toHaveCount(0);
    await expect(prompt.getByText(COMPLETE_PROFILE_MSG.cardText)).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'own profile with the complete-your-profile card');

    // Back on the profile in the same session: the card, not the step.
    await page.reload();
    await expect(prompt.getByText(COMPLETE_PROFILE_MSG.cardText)).toBeVisible();
    await expect(prompt.getByLabel(COMPLETE_PROFILE_MSG.nameLabel)).toHaveCount(0);
    await prompt.getByRole('button', { name: COMPLETE_PROFILE_MSG.start }).click();
    await expect(prompt.getByLabel(COMPLETE_PROFILE_MSG.nameLabel)).toHaveValue('Sade Skipper');
  });

  test('Settings offers the level and year too', async ({ page, createAccount }) => {
    const member = await createAccount({ name: 'Uche Settings' });
    await signInAs(page, member);
    await page.goto('/profile');
    if ((page.viewportSize()?.width ?? 1280) < 1024) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Settings' }).click();
    } else {
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
    }
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByLabel(COMPLETE_PROFILE_MSG.levelLabel).selectOption('Alumni');
    await settings.getByLabel(COMPLETE_PROFILE_MSG.yearLabel).selectOption(String(ENROLLMENT_YEARS[0]));
    await expectAccessibleAtBothWidths(page, 'settings with level and year', { include: DIALOG });
    await settings.getByRole('button', { name: 'Save Changes' }).click();
    await expect(flash(page, MSG.profileUpdated)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText(`Alumni · Enrolled ${ENROLLMENT_YEARS[0]}`)).toBeVisible();
    await expect(step(page)).toHaveCount(0);
  });

  test('a data admin corrects a member level and year; the directory shows it', async ({ page, request, adminWith, createAccount }) => {
    const member = await createAccount({ name: unique('Kemi Corrected') });
    await adminWith(['is_data_admin'], { name: 'Dayo Data' });
    await page.goto('/admin/data');
    await page.getByRole('tab', { name: 'Member Details' }).click();
    await page.getByRole('button', { name: 'Choose Member' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a member' });
    await picker.getByLabel('Search users').fill(member.name);
    await picker.getByRole('button', { name: new RegExp(escapeRegExp(member.name)) }).click();
    await expect(picker).toBeHidden();
    const year = String(ENROLLMENT_YEARS[1]);
    await page.getByLabel(COMPLETE_PROFILE_MSG.levelLabel).selectOption('400 Level');
    await page.getByLabel(COMPLETE_PROFILE_MSG.yearLabel).selectOption(year);
    await expectAccessibleAtBothWidths(page, 'data: member details');
    await page.getByRole('button', { name: 'Save Level and Year' }).click();
    await expect(flash(page, ADMIN_MSG.memberDetailsSaved(member.name))).toBeVisible();

    const res = await request.get(`/api/members?search=${encodeURIComponent(member.name)}&level=400&year=${year}`);
    expect(((await res.json()) as { data: { id: string }[] }).data.map((m) => m.id)).toEqual([member.id]);
  });
});

test.describe('password change on the own profile @mobile', () => {
  test('mismatch, disabled submit, the error alert on a wrong current password, then success', async ({ page, request, member }) => {
    await page.goto('/profile');
    await page.getByRole('region', { name: 'Password' }).getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    const submit = dialog.getByRole('button', { name: 'Change Password', exact: true });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Current Password', { exact: true }).fill('not-my-password-1');
    await dialog.getByLabel('New Password', { exact: true }).fill('BrandNewPass123!');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('BrandNewPass124!');
    await expect(dialog.getByText(MSG.newPasswordsMismatch)).toBeVisible();
    await expect(submit).toBeDisabled();
    await expectAccessibleAtBothWidths(page, 'profile: change password, passwords differ', { include: DIALOG });

    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('BrandNewPass123!');
    await expect(dialog.getByText(MSG.newPasswordsMismatch)).toHaveCount(0);
    await expect(submit).toBeEnabled();
    await submit.click();
    const alert = page.getByRole('alertdialog');
    await expect(alert).toContainText(`Error changing password: ${SERVER_MSG.currentPasswordWrong}`);
    await expectAccessibleAtBothWidths(page, 'profile: change password refused', { include: '[role="alertdialog"]' });
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(alert).toBeHidden();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Current Password', { exact: true }).fill(member.password);
    await submit.click();
    await expect(flash(page, MSG.passwordChanged)).toBeVisible();
    await expect(dialog).toBeHidden();
    const login = await request.post('/api/auth/token', { data: { matric_number: member.matric, password: 'BrandNewPass123!' } });
    expect(login.ok(), await login.text()).toBe(true);
  });

  test('a new password under the minimum length says so', async ({ page, member: _member }) => {
    await page.goto('/profile');
    await page.getByRole('region', { name: 'Password' }).getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password', { exact: true }).fill('whatever-1');
    await dialog.getByLabel('New Password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('short');
    await dialog.getByRole('button', { name: 'Change Password', exact: true }).click();
    await expect(dialog.getByText(MSG.newPasswordTooShort)).toBeVisible();
  });
});

test.describe('contact details by choice @mobile', () => {
  test('another member sees the shared e-mail; a visitor does not, in the page or the JSON', async ({ page, browser, request, createAccount }) => {
    const owner: Account = await createAccount({ name: 'Ngozi Sharer' });
    await signInAs(page, owner);
    await page.goto('/profile');
    const contact = page.getByRole('region', { name: 'Contact Info' });
    await contact.getByRole('button', { name: 'Edit contact info' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Contact Info' });
    const showEmail = editor.getByRole('switch', { name: CONTACT_VISIBILITY_MSG.showEmail });
    await expect(showEmail).not.toBeChecked();
    await expect(editor.getByRole('switch', { name: CONTACT_VISIBILITY_MSG.showPhone })).not.toBeChecked();
    await showEmail.check();
    await editor.getByLabel('Phone Number').fill('+234 803 555 0199');
    await expectAccessibleAtBothWidths(page, 'contact editor with who-can-see switches', { include: DIALOG });
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    const saved = page.getByRole('dialog', { name: 'Your changes have been saved!' });
    await saved.getByRole('button', { name: 'Close' }).click();
    await expect(editor).toBeHidden();
    await expect(contact.getByText('Visible to signed-in members')).toBeVisible();
    await expect(contact.getByText('Only you can see this')).toBeVisible();

    // Another member, signed in in their own browser.
    const viewer = await createAccount({ name: 'Bayo Viewer' });
    const other = await otherBrowser(browser, page);
    await signInAs(other, viewer);
    await other.goto(`/profile/${owner.id}`);
    const seen = other.getByRole('region', { name: 'Contact Info' });
    await expect(seen.getByRole('link', { name: owner.email })).toHaveAttribute('href', `mailto:${owner.email}`);
    await expect(seen.getByText('Phone not public')).toBeVisible();
    await expectAccessibleAtBothWidths(other, 'member profile with a shared e-mail');
    await other.context().close();

    // A visitor: not on the page, and not in the answer the page reads.
    const visitor = await otherBrowser(browser, page);
    await visitor.goto(`/profile/${owner.id}`);
    const visitorContact = visitor.getByRole('region', { name: 'Contact Info' });
    await expect(visitorContact.getByText('Email not public')).toBeVisible();
    await expect(visitor.getByText(owner.email)).toHaveCount(0);
    await visitor.context().close();
    const json = await request.get(`/api/profile/${owner.id}`);
    expect(json.ok()).toBe(true);
    const body = await json.text();
    expect(body).not.toContain(owner.email);
    expect(body).not.toContain('555 0199');
    expect(Object.keys(((await json.json()) as { profile: object }).profile)).not.toContain('email');
  });
});
