import type { Page } from '@playwright/test';
import {
  bearer,
  esc,
  expectAccessibleAtBothWidths,
  recordDialogs,
  theSuperAdmin,
  tokenOf,
  unique,
  uniqueDigits,
} from './support/admin.ts';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { deleteUser, insertMembers } from './support/db.ts';
import { type Account, type AccountOptions, expect, test } from './support/fixtures.ts';
import { signInAs } from './support/flows.ts';
import { mailsWithSubject } from './support/mailbox.ts';

// Admin area, part B: the Super Admin, Data Management and Email &
// Communications screens and the user picker, through the real screens against the real server,
// with the mail caught by the test's SMTP server. Every screen and open dialog is checked with
// axe-core at 1280 px and at 390 px.

const DELIVERY_TIMEOUT = 30_000;

/** A member who can sign in, with a display name and a matric number of digits (which the pickers search). */
async function namedMember(createAccount: (o?: AccountOptions) => Promise<Account>, name: string): Promise<Account & { digits: string }> {
  const digits = uniqueDigits();
  return { ...(await createAccount({ name, matric: `AE/${digits}` })), digits };
}

/**
 * The addresses of the mails with this subject. Call it once the Delivery status shows the send
 * as Delivered: the server has then handed every one of them to the mail catcher, so exactly
 * `count` arrive (a copy too many would be here as well).
 */
async function deliveredTo(subject: string, count: number): Promise<string[]> {
  await expect.poll(() => mailsWithSubject(subject).length, { timeout: DELIVERY_TIMEOUT, message: `${count} mails "${subject}"` }).toBe(count);
  return mailsWithSubject(subject)
    .flatMap((m) => m.to)
    .sort();
}

/** The Sent count of a send in the Delivery status list. */
const sentCount = (n: number) => new RegExp(String.raw`Sent:\s*${n}(?!\d)`);

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

test.describe('admin area, part B', { tag: '@admin' }, () => {
  test.describe.configure({ timeout: 420_000 });

  test('super admin: creates, edits and deletes a role; adds an admin user who sees exactly their cards; removes them', async ({ page, browser, request, createAccount }) => {
    const { member: superAdmin } = await theSuperAdmin(request);
    const newcomer = await namedMember(createAccount, unique('Ngozi Newadmin'));
    const dialogs = await recordDialogs(page);
    await signInAs(page, superAdmin);

    await page.goto('/admin/super');
    await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin');
    await expect(page.getByRole('tab', { name: 'Admin Roles' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('article', { name: 'Super Admin', exact: true })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'super: roles');

    // Create New Role: the name is required; two of the six flags.
    const roleName = unique('Content Desk');
    await page.getByRole('button', { name: 'Create New Role' }).click();
    const form = dialogNamed(page, 'Create New Role');
    await form.getByRole('button', { name: 'Create Role' }).click();
    await expect(form.getByText('Role name is required')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'super: create role dialog with an error');
    await form.getByLabel('Role name').fill(roleName);
    await form.getByLabel('Description').fill('Runs AeroIntel and the events calendar.');
    await form.getByRole('switch', { name: 'Editorial Admin' }).click();
    await form.getByRole('switch', { name: 'Event Admin' }).click();
    await expect(form.getByRole('switch', { name: 'Super Admin' })).not.toBeChecked();
    await form.getByRole('button', { name: 'Create Role' }).click();
    await expect(form).toBeHidden();
    const card = page.getByRole('article', { name: roleName });
    await expect(card.getByRole('list', { name: `Permissions of ${roleName}` }).getByRole('listitem')).toHaveText(['Editorial Admin', 'Event Admin']);
    await expect(card).toContainText('0 admin users');
    await expect(card).toContainText('Runs AeroIntel and the events calendar.');

    // Edit: Email Admin on, Event Admin off, a new description.
    await page.getByRole('button', { name: `Edit ${roleName}` }).click();
    const edit = dialogNamed(page, 'Edit Role');
    await expect(edit.getByLabel('Role name')).toHaveValue(roleName);
    await expect(edit.getByRole('switch', { name: 'Event Admin' })).toBeChecked();
    await edit.getByRole('switch', { name: 'Event Admin' }).click();
    await edit.getByRole('switch', { name: 'Email Admin' }).click();
    await edit.getByLabel('Description').fill('Runs AeroIntel and the newsletters.');
    await expectAccessibleAtBothWidths(page, 'super: edit role dialog');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(card.getByRole('list', { name: `Permissions of ${roleName}` }).getByRole('listitem')).toHaveText(['Editorial Admin', 'Email Admin']);
    await expect(card).toContainText('Runs AeroIntel and the newsletters.');

    // Add Admin User: user and role are required; the user comes from the picker (digits = matric).
    await page.getByRole('tab', { name: 'Admin Users' }).click();
    await expect(page.getByRole('list', { name: 'Admin users' })).toContainText(superAdmin.email);
    await expectAccessibleAtBothWidths(page, 'super: admin users');
    await page.getByRole('button', { name: 'Add Admin User' }).click();
    const add = dialogNamed(page, 'Add Admin User');
    await add.getByRole('button', { name: 'Add Admin User' }).click();
    await expect(add.getByText('Please select a user.')).toBeVisible();
    await expect(add.getByText('Please select a role.')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'super: add admin user dialog with errors');
    await add.getByRole('button', { name: 'Choose User' }).click();
    const picker = dialogNamed(page, 'Select User');
    await picker.getByLabel('Search users').fill(newcomer.digits);
    await expect(picker.getByRole('status')).toHaveText('1 user found');
    await expectAccessibleAtBothWidths(page, 'super: user picker (instant)');
    await picker.getByRole('button', { name: esc(newcomer.name) }).click();
    await expect(picker).toBeHidden();
    await expect(add).toContainText(newcomer.name);
    await expect(add).toContainText(newcomer.matric);
    await add.getByLabel('Admin role').selectOption({ label: roleName });
    await add.getByRole('button', { name: 'Add Admin User' }).click();
    await expect(add).toBeHidden();
    const row = page.getByRole('list', { name: 'Admin users' }).getByRole('listitem').filter({ hasText: newcomer.name });
    await expect(row).toContainText(roleName);
    await expect(row).toContainText(newcomer.email);

    // The new admin signs in: exactly the Editorial and Communications cards are open.
    const theirPage = await (await browser.newContext()).newPage();
    await signInAs(theirPage, newcomer);
    await theirPage.goto('/admin');
    await expect(theirPage.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(theirPage.getByRole('link', { name: /^Editorial Management/ })).toHaveAttribute('href', '/admin/editorial');
    await expect(theirPage.getByRole('link', { name: /^Email & Communications/ })).toHaveAttribute('href', '/admin/communications');
    await expect(theirPage.locator('[data-denied]')).toHaveCount(5);
    for (const title of ['Electoral Management', 'Event Management', 'Data Management', 'Finance', 'Super Admin']) {
      await expect(theirPage.locator('[data-denied]', { hasText: title })).toContainText('Access Denied');
    }

    // Change Role: another role and back, each shown on the row once saved.
    const changeRole = async (label: string) => {
      await row.getByRole('button', { name: `Change role of ${newcomer.name}` }).click();
      const form = page.getByRole('form', { name: `Change role of ${newcomer.name}` });
      await form.getByLabel(`Admin role of ${newcomer.name}`).selectOption({ label });
      await form.getByRole('button', { name: 'Save Role' }).click();
      await expect(form).toBeHidden();
      await expect(row).toContainText(label);
    };
    await row.getByRole('button', { name: `Change role of ${newcomer.name}` }).click();
    const roleSelect = page.getByRole('form', { name: `Change role of ${newcomer.name}` }).getByLabel(`Admin role of ${newcomer.name}`);
    await expect(roleSelect.locator('option:checked')).toHaveText(roleName);
    const other = (await roleSelect.locator('option').allTextContents()).find((label) => label !== roleName)!;
    await page.getByRole('button', { name: 'Cancel' }).click();
    await changeRole(other);
    await expect(row).not.toContainText(roleName);
    await changeRole(roleName);

    // A role that is held cannot be deleted; the refusal is shown.
    await page.getByRole('tab', { name: 'Admin Roles' }).click();
    await expect(card).toContainText('1 admin user');
    await page.getByRole('button', { name: `Delete ${roleName}` }).click();
    await expect.poll(() => dialogs.at(-1)).toBe('Error deleting role: This role is still held by 1 admin user. Give them another role or remove them first.');
    await expect(card).toBeVisible();

    // Remove the admin user: their dashboard now says Access Denied; then the role can go.
    await page.getByRole('tab', { name: 'Admin Users' }).click();
    await page.getByRole('button', { name: `Delete admin user ${newcomer.name}` }).click();
    await expect(row).toHaveCount(0);
    expect(dialogs.some((d) => d.startsWith(`Are you sure you want to remove ${newcomer.name} as an admin?`))).toBe(true);
    await theirPage.reload();
    await expect(theirPage.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await theirPage.context().close();

    await page.getByRole('tab', { name: 'Admin Roles' }).click();
    await page.getByRole('button', { name: `Delete ${roleName}` }).click();
    await expect(card).toHaveCount(0);
    expect(dialogs.some((d) => d.startsWith(`Are you sure you want to delete the role "${roleName}"?`))).toBe(true);
  });

  test('super admin: the last super admin can be neither demoted nor removed', async ({ page, request }) => {
    const { member: superAdmin, token } = await theSuperAdmin(request);
    const dialogs = await recordDialogs(page);
    // Make this super admin the only one for the moment (other tests of the run made more), and
    // give the others their role back afterwards.
    type AdminRow = { id: string; admin_role_id: string; version: number; users: { email: string }; admin_roles: { is_super_admin: boolean } };
    const list = (await (await request.get('/api/admin/users', { headers: bearer(token) })).json()) as { admins: AdminRow[] };
    const others = list.admins.filter((a) => a.admin_roles.is_super_admin && a.users.email !== superAdmin.email);
    const plain = await request.post('/api/admin/roles', { headers: bearer(token), data: { role_name: unique('Parked'), is_event_admin: true } });
    expect(plain.ok(), await plain.text()).toBe(true);
    const parkedRoleId = ((await plain.json()) as { role: { id: string } }).role.id;
    for (const other of others) {
      // A change names the version it was made from (decision 054).
      const res = await request.patch(`/api/admin/users/${other.id}`, { headers: { ...bearer(token), 'If-Match': `"${other.version}"` }, data: { admin_role_id: parkedRoleId } });
      expect(res.ok(), await res.text()).toBe(true);
    }
    try {
      await signInAs(page, superAdmin);
      await page.goto('/admin/super');
      // Demoting: the Super Admin flag off on the role they hold.
      await page.getByRole('button', { name: 'Edit Super Admin', exact: true }).click();
      const edit = dialogNamed(page, 'Edit Role');
      await edit.getByRole('switch', { name: 'Super Admin' }).click();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect.poll(() => dialogs.at(-1)).toBe('Error updating role: The last super admin cannot be removed or demoted.');
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('list', { name: 'Permissions of Super Admin' })).toContainText('Super Admin');

      // Removing: their own admin user.
      await page.getByRole('tab', { name: 'Admin Users' }).click();
      const self = page.getByRole('list', { name: 'Admin users' }).getByRole('listitem').filter({ hasText: superAdmin.email });
      await self.getByRole('button', { name: /^Delete admin user/ }).click();
      await expect.poll(() => dialogs.at(-1)).toBe('Error deleting admin user: The last super admin cannot be removed or demoted.');
      expect(dialogs.some((d) => d.includes('This is your own admin access.'))).toBe(true);
      await page.reload();
      await page.getByRole('tab', { name: 'Admin Users' }).click();
      await expect(page.getByRole('list', { name: 'Admin users' }).getByRole('listitem').filter({ hasText: superAdmin.email })).toContainText('Super Admin');
    } finally {
      const superRoleId = list.admins.find((a) => a.users.email === superAdmin.email)!.admin_role_id;
      const now = (await (await request.get('/api/admin/users', { headers: bearer(token) })).json()) as { admins: AdminRow[] };
      for (const other of others) {
        const version = now.admins.find((a) => a.id === other.id)?.version ?? other.version;
        await request.patch(`/api/admin/users/${other.id}`, { headers: { ...bearer(token), 'If-Match': `"${version}"` }, data: { admin_role_id: other.admin_role_id ?? superRoleId } });
      }
    }
  });

  test('super admin bulk email: the checks, a group plus users from the picker, delivered once each, with the count shown', async ({ page, request }) => {
    const { member: superAdmin } = await theSuperAdmin(request);
    const tag = uniqueDigits();
    const alumni = await insertMembers([
      { name: `Alumna Amaka ${tag}`, user_type: 'alumni', current_level: 'Alumni' },
      { name: `Alumnus Bode ${tag}`, user_type: 'alumni', current_level: 'Alumni' },
    ]);
    const chosen = await insertMembers(['Chidi', 'Dayo', 'Efe', 'Funmi'].map((n) => ({ name: `${n} Recipient ${tag}`, current_level: '300 Level' })));
    const dialogs = await recordDialogs(page);
    await signInAs(page, superAdmin);
    await page.goto('/admin/super');
    await page.getByRole('tab', { name: 'Bulk Email' }).click();

    await page.getByRole('button', { name: 'Send Bulk Email' }).click();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'super: bulk email with errors');

    const subject = unique('Alumni homecoming');
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('textbox', { name: 'Message' }).fill('Dear all, the homecoming dinner is on Friday at the faculty hall.');
    await page.getByRole('button', { name: 'Send Bulk Email' }).click();
    await expect.poll(() => dialogs.at(-1)).toBe('Please select at least one recipient role or specific users');

    // Four specific users (one of them an alumna, who must get one copy only).
    await page.getByRole('button', { name: 'Choose Specific Users' }).click();
    const picker = dialogNamed(page, 'Select Recipients');
    await picker.getByRole('button', { name: 'Confirm Selection' }).click();
    await expect(picker.getByText('Please select at least one user.')).toBeVisible();
    await picker.getByLabel('Search users').fill(tag);
    await expect(picker.getByRole('status')).toHaveText('No users match your search.');
    await picker.getByLabel('Search users').fill(`Recipient ${tag}`);
    await expect(picker.getByRole('status')).toHaveText('4 users found');
    for (const m of chosen.slice(0, 3)) await picker.getByRole('checkbox', { name: esc(m.name) }).check();
    await expect(picker.getByText('3 selected')).toBeVisible();
    await expect(picker.getByRole('group', { name: 'Selected users' })).not.toContainText('more');
    await picker.getByLabel('Search users').fill(alumni[0]!.name);
    await picker.getByRole('checkbox', { name: esc(alumni[0]!.name) }).check();
    await expect(picker.getByText('4 selected')).toBeVisible();
    await expect(picker.getByRole('group', { name: 'Selected users' })).toContainText('and 1 more');
    await expectAccessibleAtBothWidths(page, 'super: user picker (confirm)');
    await picker.getByRole('button', { name: 'Confirm Selection (4)' }).click();
    await expect(picker).toBeHidden();
    const preview = page.getByRole('group', { name: 'Chosen users' });
    await expect(preview).toContainText(chosen[0]!.name);
    await expect(preview).toContainText('and 1 more');
    await expect(page.getByRole('button', { name: 'Change Specific Users (4)' })).toBeVisible();

    await page.getByRole('checkbox', { name: /^Alumni/ }).check();
    await page.getByRole('button', { name: 'Send Bulk Email' }).click();
    const status = page.getByRole('status').filter({ hasText: /^Sent to \d+ recipients\.$/ });
    await expect(status).toBeVisible();
    const count = Number(/Sent to (\d+)/.exec((await status.textContent()) ?? '')![1]);
    // The officer was asked first, with the exact number the send then reached.
    expect(dialogs).toContain(ADMIN_MSG.confirmSend(count));
    const expected = [...alumni, ...chosen.slice(0, 3)].map((m) => m.email.toLowerCase());
    expect(count).toBeGreaterThanOrEqual(expected.length);
    await expect(page.getByRole('listitem', { name: `${subject}: Delivered` })).toContainText(sentCount(count), { timeout: DELIVERY_TIMEOUT });
    const delivered = await deliveredTo(subject, count);
    expect(new Set(delivered).size, 'one copy per address').toBe(delivered.length);
    for (const email of expected) expect(delivered).toContain(email);
    expect(delivered).not.toContain(chosen[3]!.email.toLowerCase());
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  });

  test('data management: verify and activate a member role, executive offices, and a batch update', async ({ page, request, adminWith, createAccount }) => {
    const admin = await adminWith(['is_data_admin']);
    const { token } = await tokenOf(request, admin);
    const voter = await namedMember(createAccount, unique('Vera Voter'));
    const tag = uniqueDigits();
    const [ada, bayo, gone] = await insertMembers([
      { name: `Ada Officer ${tag}`, current_level: '400 Level' },
      { name: `Bayo Batch ${tag}`, current_level: '200 Level' },
      { name: `Gone Member ${tag}`, current_level: '100 Level' },
    ]);
    const dialogs = await recordDialogs(page);
    await page.goto('/admin/data');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Management' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Member Roles' })).toHaveAttribute('aria-selected', 'true');

    // Member Roles: the new member's role is unverified; Verify makes them eligible to vote.
    const roleOfVoter = async () => {
      const res = await request.get('/api/admin/member-roles', { params: { search: voter.matric }, headers: bearer(token) });
      const body = (await res.json()) as { data: { verified_by_admin: boolean; is_current: boolean; users: { matric_number: string } }[] };
      return body.data.find((r) => r.users.matric_number === voter.matric);
    };
    await page.getByLabel('Search member roles').fill(voter.digits);
    const roleRow = page.getByRole('list', { name: 'Member roles' }).getByRole('listitem').filter({ hasText: voter.name });
    await expect(roleRow).toContainText('Not verified');
    await expect(roleRow).toContainText('Active');
    await expect(roleRow).not.toContainText('Eligible to vote');
    await expectAccessibleAtBothWidths(page, 'data: member roles');
    await roleRow.getByRole('button', { name: `Verify ${voter.name} (Members)` }).click();
    await expect(roleRow).toContainText('Eligible to vote');
    await expect.poll(async () => (await roleOfVoter())?.verified_by_admin).toBe(true);

    await roleRow.getByRole('button', { name: `Set Inactive: ${voter.name} (Members)` }).click();
    await expect(roleRow).toContainText('Inactive');
    await expect(roleRow).not.toContainText('Eligible to vote');
    await expect.poll(async () => (await roleOfVoter())?.is_current).toBe(false);
    await roleRow.getByRole('button', { name: `Set Active: ${voter.name} (Members)` }).click();
    await roleRow.getByRole('button', { name: `Unverify ${voter.name} (Members)` }).click();
    await expect(roleRow).toContainText('Not verified');
    await expect(roleRow.getByText('Active', { exact: true })).toBeVisible();
    await expect.poll(async () => await roleOfVoter()).toMatchObject({ verified_by_admin: false, is_current: true });

    // Executives: assign an office, the refusal of a second one, edit the year, remove.
    await page.getByRole('tab', { name: 'Executives' }).click();
    const offices = page.getByRole('list', { name: 'Executive offices' });
    await expect(offices.getByRole('listitem')).toHaveCount(10);
    await expectAccessibleAtBothWidths(page, 'data: executives');
    const social = offices.getByRole('article', { name: 'Social Director' });
    await social.getByRole('button', { name: /^(Assign|Reassign) Social Director$/ }).click();
    const assign = dialogNamed(page, 'Assign Social Director');
    await assign.getByLabel('Search users').fill(ada!.name);
    await expectAccessibleAtBothWidths(page, 'data: assign picker');
    // The proposal is a session (the current one), in the one format every year is written in.
    const proposed = /year (\d{4}-\d{4});/.exec((await assign.textContent()) ?? '')?.[1];
    expect(proposed, 'the picker names the session it assigns for').toBeTruthy();
    await assign.getByRole('button', { name: esc(ada!.name) }).click();
    await expect(assign).toBeHidden();
    await expect(social).toContainText(ada!.name);
    await expect(social).toContainText('Held');
    await expect(social).toContainText(`Year: ${proposed}`);

    // A holder of another office is marked in the picker and cannot be chosen: nothing is asked
    // (no "end the current holder's term?") only to be refused afterwards.
    const sports = offices.getByRole('article', { name: 'Sports Director' });
    await sports.getByRole('button', { name: /^(Assign|Reassign) Sports Director$/ }).click();
    const assignSports = dialogNamed(page, 'Assign Sports Director');
    await assignSports.getByLabel('Search users').fill(ada!.name);
    const adaRow = assignSports.getByRole('button', { name: esc(ada!.name) });
    await expect(adaRow).toContainText('Holds the Social Director office');
    await expect(adaRow).toBeDisabled();
    const asked = dialogs.length;
    await page.keyboard.press('Escape');
    await expect(assignSports).toBeHidden();
    expect(dialogs.length).toBe(asked);
    await expect(sports).not.toContainText(ada!.name);

    // Edit Year opens with the stored year, and saving it unchanged is accepted.
    await social.getByRole('button', { name: 'Edit year of Social Director' }).click();
    await expect(social.getByLabel('Year (Social Director)')).toHaveValue(proposed!);
    await social.getByRole('button', { name: 'Save Year' }).click();
    await expect(social).toContainText(`Year: ${proposed}`);
    await social.getByRole('button', { name: 'Edit year of Social Director' }).click();
    await social.getByLabel('Year (Social Director)').fill('2026');
    await social.getByRole('button', { name: 'Save Year' }).click();
    await expect(social.getByText('Year must be a session of two years, like 2026-2027')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'data: edit year with an error');
    await social.getByLabel('Year (Social Director)').fill('2024-2025');
    await social.getByRole('button', { name: 'Save Year' }).click();
    await expect(social).toContainText('Year: 2024-2025');

    await social.getByRole('button', { name: `Remove ${ada!.name} from Social Director` }).click();
    await expect(social).toContainText('Vacant');
    await expect(social).toContainText('No one holds this office.');
    await expect(social.getByText(/^Previous holders/)).toBeVisible();
    expect(dialogs.some((d) => d.startsWith(`Are you sure you want to remove ${ada!.name} from Social Director?`))).toBe(true);

    // Batch Update: an empty list is refused; then one update, one insert and one failure.
    await page.getByRole('tab', { name: 'Batch Update' }).click();
    await page.getByRole('button', { name: 'Execute Batch Update' }).click();
    await expect.poll(() => dialogs.at(-1)).toBe('Please add at least one role to update');
    await page.getByRole('button', { name: 'Add to List' }).click();
    await expect(page.getByText('No user selected. Please select a user.')).toBeVisible();
    await expect(page.getByText('Role name is required')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'data: batch form with errors');

    const addItem = async (who: { name: string }, roleName: string) => {
      await page.getByRole('button', { name: 'Choose User' }).click();
      const pick = dialogNamed(page, 'Select Member');
      await pick.getByLabel('Search users').fill(who.name);
      await pick.getByRole('button', { name: esc(who.name) }).click();
      await page.getByLabel('Role name').fill(roleName);
      await page.getByRole('button', { name: 'Add to List' }).click();
    };
    await addItem(bayo!, 'members'); // the role 'Members' he has: updated (the name matches case-insensitively)
    await addItem(bayo!, 'Rocketry Lead'); // a new one: inserted
    await addItem(gone!, 'Treasurer'); // his account is gone before the batch runs: failed
    const list = page.getByRole('list', { name: 'Role assignments to apply' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Role assignments to apply (3)' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'data: batch list');
    await deleteUser(gone!.id);
    await page.getByRole('button', { name: 'Execute Batch Update' }).click();
    const result = page.getByRole('region', { name: 'Last batch update' });
    await expect(result.getByRole('definition')).toHaveText(['1', '1', '1']);
    await expect(result.getByRole('list', { name: 'Failed items' })).toContainText(`${gone!.name}: User not found`);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expectAccessibleAtBothWidths(page, 'data: batch result');

    const bayoRoles = (await (await request.get('/api/admin/member-roles', { params: { search: bayo!.matric_number }, headers: bearer(token) })).json()) as {
      data: { role_name: string; associated_year_range: string; verified_by_admin: boolean }[];
    };
    // 'members' updated his role 'Members' (and its name) instead of adding a second one.
    expect(bayoRoles.data.map((r) => r.role_name).sort()).toEqual(['Rocketry Lead', 'members']);
    expect(bayoRoles.data.every((r) => r.associated_year_range === '2024-2025' && r.verified_by_admin)).toBe(true);
  });

  test('user picker: digits search the matric number, text the name; level and skill filters', async ({ page, adminWith }) => {
    await adminWith(['is_data_admin']);
    const digits = uniqueDigits();
    const tag = uniqueDigits();
    const [byMatric, byName, other] = await insertMembers([
      { name: `Matric Holder ${tag}`, matric_number: `AE/${digits}`, current_level: '300 Level', skills: ['CFD'] },
      { name: `Pilot ${digits}`, current_level: '300 Level', skills: ['Propulsion'] },
      { name: `Level Five ${tag}`, current_level: '500 Level', skills: ['CFD'] },
    ]);
    await page.goto('/admin/data');
    await page.getByRole('tab', { name: 'Batch Update' }).click();
    await page.getByRole('button', { name: 'Choose User' }).click();
    const picker = dialogNamed(page, 'Select Member');
    const rows = picker.getByRole('list', { name: 'Users' }).getByRole('listitem');

    // Digits only: the matric number, not a name holding the same digits.
    await picker.getByLabel('Search users').fill(digits);
    await expect(picker.getByRole('status')).toHaveText('1 user found');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(byMatric!.name);
    // Other text: the name (case-insensitive), which here holds the digits.
    await picker.getByLabel('Search users').fill(`pilot ${digits}`);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(byName!.name);

    // Level and skill narrow the search.
    await picker.getByLabel('Search users').fill(tag);
    await expect(picker.getByRole('status')).toHaveText('No users match your search.');
    await picker.getByLabel('Search users').fill('');
    await picker.getByLabel('Skill').fill('CFD');
    await picker.getByLabel('Level').selectOption('500 Level');
    await expect(rows.filter({ hasText: other!.name })).toHaveCount(1);
    await expect(rows.filter({ hasText: byMatric!.name })).toHaveCount(0);
    await picker.getByLabel('Level').selectOption('300 Level');
    await expect(rows.filter({ hasText: byMatric!.name })).toHaveCount(1);
    await expect(rows.filter({ hasText: other!.name })).toHaveCount(0);
    await expect(rows.filter({ hasText: byName!.name })).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'picker: filtered');
    await picker.getByRole('button', { name: esc(byMatric!.name) }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByRole('group', { name: 'Member' })).toContainText(byMatric!.name);
  });

  test('communications: templates, counters and checks, role groups and chosen members, delivered once each @mobile', async ({ page, adminWith }) => {
    const admin = await adminWith(['is_email_admin']);
    const tag = uniqueDigits();
    const members = await insertMembers(['Ifeoma', 'Jide', 'Kemi', 'Lola'].map((n) => ({ name: `${n} Reader ${tag}`, current_level: '200 Level' })));
    const dialogs = await recordDialogs(page);
    await page.goto('/admin/communications');
    await expect(page.getByRole('heading', { level: 1, name: 'Email & Communications' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Guidelines' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'communications');

    // A template fills the subject and the message.
    await page.getByRole('button', { name: 'Meeting Reminder' }).click();
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Reminder: [Meeting name] on [date]');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(/^Dear members,\n\nThis is a reminder that \[Meeting name\]/);
    await page.getByRole('button', { name: 'Event Announcement' }).click();
    expect(dialogs.at(-1)).toBe('Replace the current subject and message with the Event Announcement template?');
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Upcoming AESA event: [Event name]');

    // The counters and the reasons the send button is disabled.
    const send = page.getByRole('button', { name: 'Send Email' });
    await page.getByRole('textbox', { name: 'Subject' }).fill('Hey');
    await expect(page.getByText('3/255 characters (at least 5)')).toBeVisible();
    await expect(send).toBeDisabled();
    await expect(page.getByText('Subject must be 5 to 255 characters')).toBeVisible();
    const subject = unique('Wind tunnel open day');
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await expect(page.getByText(`${subject.length}/255 characters (at least 5)`)).toBeVisible();
    await page.getByRole('textbox', { name: 'Message' }).fill('Too short.');
    await expect(page.getByText('10 characters (at least 20)')).toBeVisible();
    await expect(page.getByText('Message must be at least 20 characters')).toBeVisible();
    await expect(send).toBeDisabled();
    const body = 'The wind tunnel lab opens its doors on Saturday from 10:00. Come and see it run.';
    await page.getByRole('textbox', { name: 'Message' }).fill(body);
    await expect(page.getByText(`${body.length} characters (at least 20)`)).toBeVisible();
    await expect(page.getByText('Please select at least one recipient role')).toBeVisible();
    await expect(send).toBeDisabled();
    await expectAccessibleAtBothWidths(page, 'communications: send blocked');

    // Specific members from the picker table: four ticked shows "and 1 more"; one unticked again.
    await page.getByRole('radio', { name: /Specific members/ }).check();
    await expect(page.getByText('Please select at least one member')).toBeVisible();
    await page.getByLabel('Search members').fill(`Reader ${tag}`);
    const table = page.getByRole('region', { name: 'Members to choose from' });
    await expect(table.getByRole('checkbox', { name: esc(members[3]!.name) })).toBeVisible();
    await expect(page.getByText('Showing 4 of 4 members')).toBeVisible();
    for (const m of members) await table.getByRole('checkbox', { name: esc(m.name) }).check();
    await expect(page.getByText('4 members selected')).toBeVisible();
    const preview = page.getByRole('group', { name: 'Chosen members' });
    await expect(preview).toContainText('and 1 more');
    await expectAccessibleAtBothWidths(page, 'communications: picker table');
    await table.getByRole('checkbox', { name: esc(members[1]!.name) }).uncheck();
    await expect(page.getByText('3 members selected')).toBeVisible();
    await expect(preview).not.toContainText('more');
    await page.getByRole('combobox', { name: 'Level' }).selectOption('500 Level');
    await expect(table.getByText('No members match your search.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Level' }).selectOption('200 Level');
    await expect(table.getByRole('checkbox', { name: esc(members[0]!.name) })).toBeChecked();

    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByRole('status').filter({ hasText: 'Email queued for 3 recipients.' })).toBeVisible();
    expect(dialogs).toContain(ADMIN_MSG.confirmSend(3));
    const chosen = [members[0]!, members[2]!, members[3]!].map((m) => m.email.toLowerCase()).sort();
    const delivery = page.getByRole('region', { name: 'Delivery status' });
    await expect(delivery.getByRole('listitem', { name: `${subject}: Delivered` })).toContainText(sentCount(3), { timeout: DELIVERY_TIMEOUT });
    expect(await deliveredTo(subject, 3)).toEqual(chosen);
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    await expectAccessibleAtBothWidths(page, 'communications: sent');

    // By role: the Admins group (which holds this admin); the count shown is what is delivered.
    await page.getByRole('radio', { name: /By role/ }).check();
    const groupSubject = unique('Admins sync');
    await page.getByRole('textbox', { name: 'Subject' }).fill(groupSubject);
    await page.getByRole('textbox', { name: 'Message' }).fill('A short sync for everyone holding an admin role, Monday 16:00.');
    await page.getByRole('checkbox', { name: /^Admins/ }).check();
    await send.click();
    // The new send's row comes once it is answered; the status line then tells its count.
    const groupRow = delivery.getByRole('listitem', { name: `${groupSubject}: Delivered` });
    await expect(groupRow).toBeVisible({ timeout: DELIVERY_TIMEOUT });
    const status = page.getByRole('status').filter({ hasText: /^Email queued for \d+ recipients?\./ });
    const count = Number(/queued for (\d+)/.exec((await status.textContent()) ?? '')![1]);
    await expect(groupRow).toContainText(`${count} recipient`);
    await expect(groupRow).toContainText(sentCount(count), { timeout: DELIVERY_TIMEOUT });
    const delivered = await deliveredTo(groupSubject, count);
    expect(delivered).toContain(admin.email.toLowerCase());
    for (const m of members) expect(delivered).not.toContain(m.email.toLowerCase());
  });
});
