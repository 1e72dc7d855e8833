import { bearer, expectAccessible, tokenOf, unique } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';

// Two officers edit one event at once (decision 054): the second save is refused, and the form
// shows the conflict screen with what the first one changed, who and when, beside the second
// officer's own values. "Apply mine on top" saves theirs over it knowingly; "Reload" takes the
// saved record and drops the officer's values.

test.describe('two officers edit one event', { tag: '@admin' }, () => {
  test.describe.configure({ timeout: 300_000 });

  test('the second save shows the conflict screen; apply mine on top, and reload @mobile', async ({ page, browser, adminWith }) => {
    const ada = await adminWith(['is_event_admin'], { name: unique('Ada Officer') });
    // The second officer in a browser of their own.
    const other = await browser.newContext({ ...test.info().project.use, baseURL: process.env.E2E_BASE_URL });
    const pageB = await other.newPage();
    const bola = await adminWith(['is_event_admin'], { name: unique('Bola Officer'), signIn: pageB });

    const title = unique('Rocketry Night');
    const { token } = await tokenOf(page.request, ada);
    const created = await page.request.post('/api/admin/events', {
      headers: bearer(token),
      data: { title, description: 'Model rockets on the sports field.', event_date: new Date(Date.now() + 7 * 864e5).toISOString(), location: 'Hall A' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const eventId = ((await created.json()) as { event: { id: string } }).event.id;

    // Both open the event.
    for (const p of [page, pageB]) {
      await p.goto('/admin/events');
      await p.getByRole('button', { name: `Edit ${title}` }).click();
      await expect(p.getByLabel('Location')).toHaveValue('Hall A');
    }

    // Ada saves first: a new location.
    await page.getByLabel('Location').fill('Hangar 2');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('article', { name: title })).toContainText('Hangar 2');

    // Bola saves a new status from the version both read: refused, and the conflict screen says why.
    await pageB.getByLabel('Status').selectOption('postponed');
    await pageB.getByRole('button', { name: 'Save Changes' }).click();
    const conflict = pageB.getByRole('region', { name: 'Someone else changed this while you were editing it' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toBeFocused();
    await expect(conflict).toContainText(`${ada.name} saved it on`);
    const location = conflict.getByRole('definition').filter({ hasText: 'Hangar 2' });
    await expect(location).toContainText('Saved now');
    await expect(conflict.getByRole('term').filter({ hasText: 'Location' })).toContainText(`Changed by ${ada.name}`);
    await expect(conflict.getByRole('definition').filter({ hasText: 'Yours' }).filter({ hasText: 'Hall A' })).toBeVisible();
    await expect(conflict.getByRole('term').filter({ hasText: 'Status' })).toBeVisible();
    await expect(conflict.getByRole('definition').filter({ hasText: 'Postponed' })).toContainText('Yours');
    await expectAccessible(pageB, 'event form: the conflict screen');

    // Bola applies theirs on top, knowingly: the event now has Bola's values.
    await conflict.getByRole('button', { name: 'Apply mine on top' }).click();
    await expect(pageB.getByRole('article', { name: title })).toContainText('Postponed');
    const after = await page.request.get(`/api/admin/events/${eventId}`, { headers: bearer(token) });
    expect(await after.json()).toMatchObject({ event: { status: 'postponed', location: 'Hall A', version: 3 } });
    expect(after.headers().etag).toBe('"3"');

    // Ada, still on the version she saved, edits again: refused; Reload takes Bola's save.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByLabel('Video URL').fill('https://video.example.org/rocketry');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const adaConflict = page.getByRole('region', { name: 'Someone else changed this while you were editing it' });
    await expect(adaConflict).toContainText(`${bola.name} saved it on`);
    await adaConflict.getByRole('button', { name: /^Reload/ }).click();
    await expect(adaConflict).toHaveCount(0);
    await expect(page.getByLabel('Status')).toHaveValue('postponed');
    await expect(page.getByLabel('Location')).toHaveValue('Hall A');
    await expect(page.getByLabel('Video URL')).toHaveValue('');
    await page.getByLabel('Location').fill('Lab 3');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('article', { name: title })).toContainText('Lab 3');
    await expect(page.getByRole('article', { name: title })).toContainText('Postponed');

    const removed = await page.request.delete(`/api/admin/events/${eventId}`, { headers: { ...bearer(token), 'If-Match': '"4"' } });
    expect(removed.ok(), await removed.text()).toBe(true);
    await other.close();
  });
});
