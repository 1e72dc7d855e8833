import { CLASS_LIST_MSG } from '@aesa/shared/class-list';
import { bearer, expectAccessibleAtBothWidths, recordDialogs, tokenOf, uniqueDigits } from './support/admin.ts';
import { ensureCurrentSession, insertMembers, setVerified } from './support/db.ts';
import { expect, test } from './support/fixtures.ts';

// The association's year in Data Management: a data admin imports the department's class list
// (200 rows) from the preview to the apply (at 1280 px and again at 390 px), and previews the
// hand-over to the next session. Both screens checked with axe-core at 1280 px and at 390 px.

const MATCHED = 120;

test.describe('class list and hand-over', { tag: '@admin' }, () => {
  test('a data admin imports a class list of 200 rows: preview by kind, then apply with the counts @mobile', async ({ page, request, adminWith }) => {
    const admin = await adminWith(['is_data_admin']);
    const { token } = await tokenOf(request, admin);
    const tag = uniqueDigits();
    const members = await insertMembers(Array.from({ length: MATCHED + 1 }, (_, i) => ({ name: `Class Member ${tag} ${i}`, matric_number: `CL/${tag}/${i}`, current_level: '100 Level' })));
    for (const m of members) await setVerified(m.id, false);
    const lines = ['Matric No.,Full Name,Level,E-mail'];
    for (let i = 0; i < MATCHED; i++) lines.push(`CL/${tag}/${i},"${tag} ${i}, Class Member",200L,`); // 120 matched (names in another order)
    lines.push(`CL/${tag}/${MATCHED},Somebody Else,200,`); // row 122: a conflict
    lines.push(`,No Matric,100,`); // row 123: invalid
    lines.push(`CL/${tag}/X1,Bad Level,900,`); // row 124: invalid
    for (let i = 0; i < 77; i++) lines.push(`NR/${tag}/${i},New Student ${i},100,new${tag}${i}@example.test`); // 77 not registered
    expect(lines.length - 1).toBe(200);
    const dialogs = await recordDialogs(page);

    await page.goto('/admin/data');
    await page.getByRole('tab', { name: 'Class list' }).click();
    await page.getByLabel('Class list (CSV)').setInputFiles({ name: 'class-list.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`) });
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('heading', { name: 'Preview: nothing has changed yet' })).toBeVisible();
    const counts = page.locator('dl').first();
    await expect(counts).toContainText(`Matched accounts${MATCHED}`);
    await expect(counts).toContainText('Not yet registered77');
    await expect(counts).toContainText('Conflicts1');
    await expect(counts).toContainText('Invalid rows2');
    const rows = page.getByRole('list', { name: 'Class list rows' }).getByRole('listitem');
    await expect(rows).toHaveCount(100); // the first hundred, then "Show more"
    // Nothing changed yet.
    const roleOf = async (matric: string) => {
      const res = await request.get('/api/admin/member-roles', { params: { search: matric }, headers: bearer(token) });
      return ((await res.json()) as { data: { verified_by_admin: boolean; users: { matric_number: string } }[] }).data.find((r) => r.users.matric_number === matric);
    };
    expect((await roleOf(`CL/${tag}/0`))?.verified_by_admin).toBe(false);

    await page.getByLabel('Show rows').selectOption('invalid');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Row 123');
    await expect(rows.nth(0)).toContainText(CLASS_LIST_MSG.matricMissing);
    await expect(rows.nth(1)).toContainText('Row 124');
    await expect(rows.nth(1)).toContainText(CLASS_LIST_MSG.levelInvalid('900'));
    await page.getByLabel('Show rows').selectOption('conflict');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Row 122');
    await expectAccessibleAtBothWidths(page, 'class list preview');

    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('heading', { name: 'Class list applied' })).toBeVisible();
    expect(dialogs.at(-1)).toContain(`Apply the class list (200 rows)? ${MATCHED} members will be verified`);
    expect(dialogs.at(-1)).toContain('77 students not yet registered');
    expect(dialogs.at(-1)).toContain('1 conflict, 2 invalid rows');
    await expect(page.getByRole('region', { name: 'Class list applied' }).getByRole('status')).toHaveText(CLASS_LIST_MSG.applied(MATCHED + 77));
    await expect.poll(async () => (await roleOf(`CL/${tag}/0`))?.verified_by_admin).toBe(true);
    expect((await roleOf(`CL/${tag}/${MATCHED}`))?.verified_by_admin).toBe(false); // the conflict was not applied
  });

  test('the hand-over preview: who moves up, who becomes alumni, whose membership lapses, and leaving a member out', async ({ page, adminWith }) => {
    await ensureCurrentSession();
    await adminWith(['is_data_admin']);
    const tag = uniqueDigits();
    const [finalist] = await insertMembers([{ name: `Final Year ${tag}`, matric_number: `HO/${tag}/1`, current_level: '500 Level' }]);
    await page.goto('/admin/data');
    await page.getByRole('tab', { name: 'Next session' }).click();
    await expect(page.getByRole('heading', { name: /^Start session \d{4}-\d{4}$/ })).toBeVisible();
    const alumni = page.getByRole('region', { name: 'Become alumni' });
    await page.getByLabel('Find a member to leave out').fill(tag);
    const row = alumni.getByRole('listitem').filter({ hasText: finalist!.name });
    await expect(row).toContainText('500 Level → Alumni');
    const alumniCount = page.locator('dl').first().locator('div').filter({ hasText: 'Become alumni' }).locator('dd');
    const before = Number(await alumniCount.textContent());
    await row.getByRole('checkbox', { name: `Leave out ${finalist!.name}` }).check();
    await expect(alumniCount).toHaveText(String(before - 1));
    await expect(row).toContainText('left out: nothing changes');
    await expect(page.getByText('1 member left out')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'hand-over preview');
  });
});
