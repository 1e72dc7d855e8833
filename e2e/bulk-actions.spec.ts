import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { deleteUser, insertMembers, setVerified } from './support/db.ts';
import { expect, test } from './support/fixtures.ts';
import { DIALOG, expectAccessible, expectAccessibleAtBothWidths } from './support/page-checks.ts';

// Member Roles in bulk: a data admin selects every role matching a filter (more than one page),
// verifies them after a dialog that names the count, and downloads the filtered list as CSV.

const COUNT = 30; // more than one page of 25

test.describe('member roles in bulk and CSV exports', { tag: '@admin' }, () => {
  test('select all matching a filter, verify them with the count confirmed, export the list as CSV', async ({ page, request, adminWith }) => {
    const tag = `Bulkq${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
    const members = await insertMembers(Array.from({ length: COUNT }, (_, i) => ({ name: `${tag} Member ${String(i + 1).padStart(2, '0')}`, current_level: '100 Level' })));
    const [outsider] = await insertMembers([{ name: `Outside ${tag.toUpperCase().split('').reverse().join('')}`, current_level: '100 Level' }]);
    try {
      for (const m of [...members, outsider!]) await setVerified(m.id, false);
      const admin = await adminWith(['is_data_admin']);
      const { token } = (await (await request.post('/api/auth/token', { data: { matric_number: admin.matric, password: admin.password } })).json()) as { token: string };
      const unverifiedOf = async (search: string) =>
        ((await (await request.get('/api/admin/member-roles', { params: { search, verified: 'false' }, headers: { Authorization: `Bearer ${token}` } })).json()) as { total: number }).total;

      await page.goto('/admin/data');
      await page.getByLabel('Search member roles').fill(tag);
      await page.getByLabel('Show').selectOption('false');
      await expect(page.getByRole('status').filter({ hasText: `of ${COUNT} member roles` })).toBeVisible();
      const bar = page.getByRole('group', { name: 'Bulk actions' });
      await bar.getByLabel('Select all on this page').check();
      await expect(bar).toContainText('25 member roles selected.');
      await bar.getByRole('button', { name: `Select all ${COUNT} matching this filter` }).click();
      await expect(bar).toContainText(`All ${COUNT} member roles matching this filter are selected.`);
      await expect(page.getByRole('checkbox', { name: `Select ${tag} Member 01 (Members)` })).toBeChecked();
      await expectAccessibleAtBothWidths(page, 'member roles, all matching selected');

      await bar.getByRole('button', { name: `Verify ${COUNT} member roles`, exact: true }).click();
      const dialog = page.locator(DIALOG);
      await expect(dialog.getByRole('heading', { name: `Verify ${COUNT} member roles?` })).toBeVisible();
      await expect(dialog).toContainText(`All ${COUNT} member roles matching this filter will be verified.`);
      await expectAccessible(page, 'bulk verify confirmation', { include: DIALOG });
      await dialog.getByRole('button', { name: `Verify ${COUNT}`, exact: true }).click();
      await expect(page.getByText(`${COUNT} member roles verified.`)).toBeVisible();
      // The list loads again: none of them is unverified any more; the outsider is untouched.
      await expect(page.getByText('No member roles match.')).toBeVisible();
      expect(await unverifiedOf(tag)).toBe(0);
      expect(await unverifiedOf(outsider!.name)).toBe(1);

      // The export downloads the screen's filter: all of them, now verified.
      await page.getByLabel('Show').selectOption('');
      await expect(page.getByRole('status').filter({ hasText: `of ${COUNT} member roles` })).toBeVisible();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Export CSV of the member roles/ }).click()]);
      expect(download.suggestedFilename()).toMatch(/^member-roles-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = parse(bytes, { bom: true }) as string[][];
      expect(header!.slice(0, 3)).toEqual(['Name', 'Matric number', 'Role']);
      expect(rows).toHaveLength(COUNT);
      expect(rows.every((r) => r[0]!.startsWith(tag) && r[header!.indexOf('Verified')] === 'yes')).toBe(true);
    } finally {
      for (const m of [...members, outsider!]) await deleteUser(m.id);
    }
  });
});
