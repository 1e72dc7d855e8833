import { CHECK_IN_MSG, type MembershipCodeResponse } from '@aesa/shared/check-in';
import QRCode from 'qrcode';
import { bearer, deleteEvent, tokenOf } from './support/admin.ts';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { readQrPicture } from './support/qr-picture.ts';
import { signInAs } from './support/flows.ts';
import { expectAccessible, expectNoHorizontalScroll } from './support/page-checks.ts';

// Check-in at the door, at 1280 px and on a phone (390 px): a member shows their membership QR
// code on their profile; an events admin opens the event's check-in screen and checks members in
// from a photo of a code (the readers the "Scan from a photo" button uses; no camera is needed here) and
// by a typed matric number; a code shown twice says when the member came in.

/**
 * The code as the member's phone shows it: a screenshot of it in view, checked here to read as the
 * member's code (taken again should a busy machine return it before it has painted all of it).
 */
async function pictureOf(qr: Locator, code: string): Promise<Buffer> {
  await qr.scrollIntoViewIfNeeded();
  let picture!: Buffer;
  await expect
    .poll(
      async () => {
        picture = await qr.screenshot();
        return readQrPicture(picture);
      },
      { message: 'the QR code on the profile reads as the member’s code', intervals: [250, 500, 1000] },
    )
    .toBe(code);
  return picture;
}

test.describe('check-in at the door', { tag: '@events' }, () => {
  test('a member shows the QR code; an events admin checks members in from a photo and by matric number @mobile', async ({ page, browser, request, createAccount, adminWith }) => {
    test.setTimeout(180_000);
    const width = test.info().project.name;
    const ada = await createAccount({ name: `Ada Door ${width}`, verified: true });
    const bayo = await createAccount({ name: `Bayo Door ${width}`, verified: true });
    const doorContext = await browser.newContext({ viewport: page.viewportSize() });
    const door = await doorContext.newPage();
    const officer = await adminWith(['is_event_admin'], { name: 'Efe Events', signIn: door });
    const { token } = await tokenOf(request, officer);
    const created = await request.post('/api/admin/events', {
      headers: bearer(token),
      data: { title: `Launch Night ${width} ${Date.now().toString(36)}`, description: 'Water rockets.', event_date: new Date(Date.now() + 3_600_000).toISOString(), location: 'Hangar 2' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const event = (await created.json()).event as { id: string; title: string };
    try {
      const { token: adaToken } = await tokenOf(request, ada);
      const { code } = (await (await request.get('/api/profile/me/membership-code', { headers: bearer(adaToken) })).json()) as MembershipCodeResponse;
      let shownQr!: Buffer;
      await test.step('the member opens their profile and shows the membership QR code', async () => {
        await signInAs(page, ada);
        await page.goto('/profile');
        const card = page.getByRole('region', { name: CHECK_IN_MSG.codeTitle });
        const qr = card.getByRole('img', { name: CHECK_IN_MSG.codeQrLabel });
        await expect(qr).toBeVisible();
        await expect(card.getByRole('button', { name: CHECK_IN_MSG.renew })).toBeVisible();
        await expectAccessible(page, 'own profile with the membership code');
        shownQr = await pictureOf(qr, code);
      });

      await test.step('the events admin opens the check-in screen of the event', async () => {
        await door.goto('/admin/events');
        await door.getByRole('link', { name: `${CHECK_IN_MSG.openCheckIn}: ${event.title}` }).click();
        await expect(door.getByRole('heading', { name: event.title })).toBeVisible();
        await expect(door.getByRole('button', { name: CHECK_IN_MSG.scanWithCamera })).toBeVisible();
        await expect(door.getByText(CHECK_IN_MSG.listEmpty)).toBeVisible();
        await expectNoHorizontalScroll(door, 'check-in screen');
        await expectAccessible(door, 'check-in screen');
      });

      const outcome = door.getByTestId('check-in-outcome');
      const photo = door.getByLabel(CHECK_IN_MSG.scanFromPhoto);
      await test.step('a photo of the member’s code checks them in, and says who it is', async () => {
        // The member's code made into a PNG here with a QR library, apart from the profile's own picture.
        const png = await QRCode.toBuffer(code, { type: 'png', scale: 8, margin: 4 });
        await photo.setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: png });
        await expect(outcome).toContainText(CHECK_IN_MSG.checkedIn(ada.name));
        await expect(outcome).toContainText(ada.matric);
        await expect(door.getByRole('region', { name: CHECK_IN_MSG.listTitle })).toContainText(ada.name);
      });

      await test.step('the QR the profile showed, scanned again, says when the member came in', async () => {
        await photo.setInputFiles({ name: 'profile.png', mimeType: 'image/png', buffer: shownQr });
        await expect(outcome).toContainText(/Already checked in at \d{2}:\d{2}/);
        await expectAccessible(door, 'check-in screen after a second scan');
      });

      await test.step('a typed matric number checks in a member without their phone', async () => {
        await door.getByLabel(CHECK_IN_MSG.matricLabel).fill(bayo.matric.toLowerCase());
        await door.getByRole('button', { name: CHECK_IN_MSG.checkInButton }).click();
        await expect(outcome).toContainText(CHECK_IN_MSG.checkedIn(bayo.name));
        await expect(door.getByLabel(CHECK_IN_MSG.matricLabel)).toHaveValue('');
        const list = door.getByRole('region', { name: CHECK_IN_MSG.listTitle });
        await expect(list).toContainText(CHECK_IN_MSG.countCheckedIn(2));
        await expect(list.getByRole('listitem')).toHaveCount(2);
      });

      await test.step('the member sees the event among those attended, and renewing the code voids the old one', async () => {
        await page.reload();
        const attended = page.getByRole('region', { name: CHECK_IN_MSG.attendedTitle });
        await expect(attended).toContainText(event.title);
        await attended.getByRole('switch', { name: CHECK_IN_MSG.showAttended }).check();
        await expect(attended.getByRole('switch', { name: CHECK_IN_MSG.showAttended })).toBeChecked();
        const card = page.getByRole('region', { name: CHECK_IN_MSG.codeTitle });
        await card.getByRole('button', { name: CHECK_IN_MSG.renew }).click();
        await page.getByRole('alertdialog', { name: CHECK_IN_MSG.renew }).getByRole('button', { name: CHECK_IN_MSG.renew }).click();
        await expect(page.getByText(CHECK_IN_MSG.renewed)).toBeVisible();
        await photo.setInputFiles({ name: 'old.png', mimeType: 'image/png', buffer: shownQr });
        await expect(outcome).toContainText(CHECK_IN_MSG.codeVoided);
      });
    } finally {
      await deleteEvent(request, event.id, token);
      await doorContext.close();
    }
  });
});
