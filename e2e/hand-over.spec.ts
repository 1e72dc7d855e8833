import { HAND_OVER_MSG } from '@aesa/shared/hand-over';
import { bearer, tokenOf, uniqueDigits } from './support/admin.ts';
import { currentSessionYear, ensureCurrentSession, handOverExpectation, insertMembers, memberStates } from './support/db.ts';
import { expect, test } from './support/fixtures.ts';
import { mailsWithSubject, waitForMail } from './support/mailbox.ts';
import { DIALOG, expectAccessible } from './support/page-checks.ts';

// The hand-over to the next session, applied: it changes every member of the database and moves
// the current session on, so it runs on a server of its own (@own-server, e2e/run-shards.ts).
// Both widths run it there one after the other: each run hands over from whatever session is
// current when it starts (2026-2027 on a fresh server, the year after on the second run).

/** The session after "2026-2027": "2027-2028". */
const after = (year: string) => `${Number(year.slice(0, 4)) + 1}-${Number(year.slice(0, 4)) + 2}`;

test.describe('the hand-over to the next session', { tag: ['@admin', '@own-server', '@mobile'] }, () => {
  test('a data admin starts the next session: levels move up, 500 Level becomes alumni, memberships lapse, renewal e-mails, once per session', async ({ page, request, adminWith }) => {
    await ensureCurrentSession();
    const from = (await currentSessionYear())!;
    const to = after(from);
    const admin = await adminWith(['is_data_admin']);
    const { token } = await tokenOf(request, admin);
    const tag = uniqueDigits();
    const levels = ['100 Level', '200 Level', '300 Level', '400 Level', '500 Level'] as const;
    const members = await insertMembers([
      ...levels.map((level) => ({ name: `Hand Over ${tag} ${level}`, matric_number: `HO/${tag}/${level.slice(0, 3)}`, current_level: level })),
      { name: `Hand Over ${tag} Left Out`, matric_number: `HO/${tag}/OUT`, current_level: '300 Level' },
    ]);
    const leftOut = members.at(-1)!;
    const expected = await handOverExpectation([leftOut.id]);

    await page.goto('/admin/data');
    await page.getByRole('tab', { name: 'Next session' }).click();
    // A second tab of the same sign-in, opened before the hand-over: it still offers the session once it has started.
    const stale = await page.context().newPage();
    await stale.goto('/admin/data');
    await stale.getByRole('tab', { name: 'Next session' }).click();
    await expect(stale.getByRole('button', { name: `Start session ${to}` })).toBeEnabled();

    await expect(page.getByRole('heading', { name: `Start session ${to}` })).toBeVisible();
    await expect(page.getByText(`The current session is ${from}.`)).toBeVisible();
    await page.getByLabel('Find a member to leave out').fill(tag);
    for (const [i, level] of levels.entries()) {
      const group = page.getByRole('region', { name: level === '500 Level' ? 'Become alumni' : 'Move up a level' });
      await expect(group.getByRole('listitem').filter({ hasText: members[i]!.name })).toContainText(`${level} → ${level === '500 Level' ? 'Alumni' : levels[i + 1]}`);
    }
    const leftOutRow = page.getByRole('region', { name: 'Move up a level' }).getByRole('listitem').filter({ hasText: leftOut.name });
    await leftOutRow.getByRole('checkbox', { name: `Leave out ${leftOut.name}` }).check();
    await expect(leftOutRow).toContainText('left out: nothing changes');
    const count = (name: string) => page.locator('dl').first().locator('div').filter({ hasText: name }).locator('dd');
    await expect(count('Move up a level')).toHaveText(String(expected.promoted));
    await expect(count('Become alumni')).toHaveText(String(expected.alumni));
    await expect(count('Memberships no longer current')).toHaveText(String(expected.lapsed));

    await page.getByRole('button', { name: `Start session ${to}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Please confirm' });
    await expect(confirm).toContainText(
      `Start session ${to}? ${expected.promoted} members move up a level, ${expected.alumni} ${expected.alumni === 1 ? 'member' : 'members'} become alumni and ` +
        `${expected.lapsed} memberships stop being current until renewed; each is e-mailed how to renew. 1 member left out. This happens once per session.`,
    );
    // Nothing has changed while the officer reads the counts.
    expect(await currentSessionYear()).toBe(from);
    await expectAccessible(page, 'hand-over confirmation', { include: DIALOG });
    await confirm.getByRole('button', { name: 'OK' }).click();

    const result = page.getByRole('region', { name: HAND_OVER_MSG.started(to) });
    await expect(result.getByRole('heading', { name: HAND_OVER_MSG.started(to) })).toBeVisible();
    await expect(result.getByRole('status')).toHaveText(
      `Session ${to} is now the current session. ${expected.promoted} members moved up a level, ${expected.alumni} ${expected.alumni === 1 ? 'member' : 'members'} became alumni, ` +
        `${expected.lapsed} memberships no longer current until renewed, 1 member left out. ${expected.emailed} renewal e-mails queued.`,
    );
    await expectAccessible(page, 'hand-over result');
    // What the officer sees (kept in the run's output folder for a look).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath(`hand-over-result-${page.viewportSize()!.width}.png`) });

    // In the database: the session moved on, levels moved up, memberships lapsed, the left-out member untouched.
    expect(await currentSessionYear()).toBe(to);
    const states = await memberStates(members.map((m) => m.id));
    for (const [i, level] of levels.entries()) {
      expect(states.get(members[i]!.id), members[i]!.name).toEqual({ level: level === '500 Level' ? 'Alumni' : levels[i + 1], current: false });
    }
    expect(states.get(leftOut.id)).toEqual({ level: '300 Level', current: true });
    expect(await handOverExpectation([])).toMatchObject({ lapsed: 1 }); // only the member left out is still current

    // Each member moved is e-mailed how to renew, with the new level; the member left out is not.
    const subject = new RegExp(`: session ${to} has started, renew your membership$`);
    for (const [i, level] of levels.entries()) {
      const mail = await waitForMail(members[i]!.email, subject);
      expect(mail.text).toContain(`Your level is now ${level === '500 Level' ? 'Alumni' : levels[i + 1]}.`);
      expect(mail.text).toContain(HAND_OVER_MSG.howToRenew);
    }
    const renewal = (await waitForMail(members[0]!.email, subject)).subject;
    await expect.poll(() => mailsWithSubject(renewal).length).toBe(expected.emailed);
    expect(mailsWithSubject(renewal).filter((m) => m.to.includes(leftOut.email.toLowerCase()))).toEqual([]);

    // A second hand-over to the same session is refused, from the tab that still offers it and through the API.
    await stale.getByRole('button', { name: `Start session ${to}` }).click();
    await stale.getByRole('alertdialog', { name: 'Please confirm' }).getByRole('button', { name: 'OK' }).click();
    await expect(stale.getByRole('dialog', { name: 'Notice' })).toContainText(`Could not start the session: ${HAND_OVER_MSG.alreadyDone(to)}`);
    const again = await request.post('/api/admin/hand-over', { headers: bearer(token), data: { to_year: to, exclude: [] } });
    expect(again.status()).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, code: 'HAND_OVER_ALREADY_DONE', error: HAND_OVER_MSG.alreadyDone(to) });
    expect(await currentSessionYear()).toBe(to);
    expect((await memberStates([leftOut.id])).get(leftOut.id)).toEqual({ level: '300 Level', current: true });
  });
});
