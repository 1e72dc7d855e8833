import { ADMIN_MSG } from '@aesa/shared/admin';
import { MEMBERS_MSG } from '@aesa/shared/members';
import { KIND_NAMES, NEWSLETTER_MSG, NOTIFICATION_MSG } from '@aesa/shared/notifications';
import type { Page } from '@playwright/test';
import { bearer, esc, recordDialogs, theSuperAdmin, tokenOf, unique, uniqueDigits } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/flows.ts';
import { mailsWithSubject, waitForMail } from './support/mailbox.ts';
import { DIALOG, expectAccessible } from './support/page-checks.ts';

// The mail members can turn off: Settings → Notifications, a bulk send that leaves out who said
// no (and the officer told so), the one-click unsubscribe link of RFC 8058 as a mail client uses
// it, its page in the browser, and the newsletter's double opt-in from the footer.

async function openNotificationSettings(page: Page) {
  // Under 1024 px the account's links are in the menu's dialog.
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Settings' }).click();
  } else {
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Notifications' }).click();
  return dialog;
}

/** The https link of a caught mail's List-Unsubscribe header. */
function unsubscribeUrl(headers: Record<string, string>): string {
  const url = /^<([^>]+)>$/.exec(headers['list-unsubscribe'] ?? '')?.[1];
  if (!url) throw new Error(`no List-Unsubscribe link: ${JSON.stringify(headers)}`);
  return url;
}

test.describe('notification choices and unsubscribe', { tag: '@members' }, () => {
  test('a member turns announcements off in Settings, and an officer’s send leaves them out and says so @mobile', async ({ page, browser, createAccount, adminWith }) => {
    const tag = uniqueDigits();
    const quiet = await createAccount({ name: `Quiet Reader ${tag}` });
    const keen = await createAccount({ name: `Keen Reader ${tag}` });
    await signInAs(page, quiet);
    await page.goto('/');

    const settings = await openNotificationSettings(page);
    for (const kind of ['announcements', 'event_updates', 'election_notices'] as const) {
      await expect(settings.getByRole('switch', { name: KIND_NAMES[kind].label })).toBeChecked();
    }
    await expect(settings.getByText(NOTIFICATION_MSG.accountMailAlwaysGoes)).toBeVisible();
    await expectAccessible(page, 'settings: notifications', { include: DIALOG });
    await settings.getByRole('switch', { name: KIND_NAMES.announcements.label }).uncheck();
    await expect(page.getByText(NOTIFICATION_MSG.saved)).toBeVisible();
    await page.reload();
    const again = await openNotificationSettings(page);
    await expect(again.getByRole('switch', { name: KIND_NAMES.announcements.label })).not.toBeChecked();
    await expect(again.getByRole('switch', { name: KIND_NAMES.event_updates.label })).toBeChecked();

    // The officer, in a browser of their own.
    const officer = await (await browser.newContext()).newPage();
    await adminWith(['is_email_admin'], { signIn: officer });
    const dialogs = await recordDialogs(officer);
    await officer.goto('/admin/communications');
    const send = officer.getByRole('button', { name: 'Send Email' });
    await expect(send).toBeDisabled();
    // An untouched form says nothing about what is missing.
    await expect(officer.getByText(ADMIN_MSG.selectRecipientRole)).toBeHidden();
    await expect(officer.getByText(ADMIN_MSG.subjectRequired)).toBeHidden();

    await officer.getByRole('radio', { name: /Specific members/ }).check();
    await officer.getByLabel('Search members').fill(`Reader ${tag}`);
    const table = officer.getByRole('region', { name: 'Members to choose from' });
    for (const name of [quiet.name, keen.name]) await table.getByRole('checkbox', { name: esc(name) }).check();
    const subject = unique('Hangar open day');
    await officer.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await officer.getByRole('textbox', { name: 'Message' }).fill('The hangar opens its doors to members on Saturday from 10:00.');
    await send.click();
    await expect(officer.getByRole('status').filter({ hasText: 'Email queued for 1 recipient.' })).toBeVisible();
    expect(dialogs).toContain(`${ADMIN_MSG.confirmSend(1)} ${NOTIFICATION_MSG.turnedOffLeftOut(1)}`);
    // Sent and cleared: no complaint about the empty form it now is.
    await expect(officer.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    await expect(officer.getByText(ADMIN_MSG.subjectRequired)).toBeHidden();
    await expect(officer.getByText(ADMIN_MSG.selectMember)).toBeHidden();

    const delivered = await waitForMail(keen.email, esc(subject));
    expect(delivered.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mailsWithSubject(subject).flatMap((m) => m.to)).toEqual([keen.email.toLowerCase()]);
    await officer.context().close();
  });

  test('one-click unsubscribe from a captured e-mail, then the link’s page says what it did and undoes it @mobile', async ({ page, request, createAccount }) => {
    const reader = await createAccount({ name: `Unsubscribing Reader ${uniqueDigits()}` });
    const { token: superToken } = await theSuperAdmin(request);
    const subject = unique('Rocketry workshop');
    const sent = await request.post('/api/admin/send-bulk-email', {
      headers: bearer(superToken),
      data: { subject, body: 'The rocketry workshop starts at noon in the propulsion lab.', recipient_roles: [reader.email] },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    const mail = await waitForMail(reader.email, esc(subject));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = unsubscribeUrl(mail.headers);
    expect(mail.text).toContain('/unsubscribe?token=');

    // What a mail client does (RFC 8058): POST the form body to the link, no session, no cookie.
    const oneClick = await request.post(url, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(await oneClick.json()).toMatchObject({ success: true, kind: 'announcements', on: false });

    // The member opens the same link in a browser (not signed in): the page says what happened.
    await page.goto(url);
    await expect(page).toHaveURL(/\/unsubscribe\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    await expect(page.getByText(NOTIFICATION_MSG.turnedOff('announcements'))).toBeVisible();
    await expect(page.getByText(NOTIFICATION_MSG.undoHint)).toBeVisible();
    await expectAccessible(page, 'unsubscribe page');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText(NOTIFICATION_MSG.turnedOn('announcements'))).toBeVisible();
    const { token } = await tokenOf(request, reader);
    const choices = async () => (await (await request.get('/api/profile/me/notifications', { headers: bearer(token) })).json()) as Record<string, unknown>;
    expect(await choices()).toMatchObject({ announcements: true, event_updates: true, election_notices: true });

    // The page's own button sends the one-click request too.
    await page.getByRole('button', { name: 'Unsubscribe from announcements' }).click();
    await expect(page.getByText(NOTIFICATION_MSG.turnedOff('announcements'))).toBeVisible();
    expect(await choices()).toMatchObject({ announcements: false, event_updates: true });

    // A changed link is refused, and says where to go instead.
    await page.goto(`/unsubscribe?token=${new URL(url).searchParams.get('token')}x`);
    await expect(page.getByText(NOTIFICATION_MSG.linkInvalid)).toBeVisible();
  });

  test('newsletter: a visitor signs up in the footer and confirms from the e-mailed link @mobile', async ({ page }) => {
    const email = `reader.${Date.now().toString(36)}@example.com`;
    await page.goto('/about');
    const form = page.getByRole('form', { name: 'Subscribe to our newsletter' });
    await form.getByRole('textbox', { name: 'Email address' }).fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toContainText(MEMBERS_MSG.newsletterThanks);

    const mail = await waitForMail(email, /confirm your newsletter subscription/);
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    const path = /https?:\/\/[^\s/]+(\/newsletter\/confirm\?token=[A-Za-z0-9_.-]+)/.exec(mail.text)![1]!;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm Subscription' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Subscription' }).click();
    await expect(page.getByText(NEWSLETTER_MSG.confirmed)).toBeVisible();
    await expectAccessible(page, 'newsletter confirmed');
  });
});
