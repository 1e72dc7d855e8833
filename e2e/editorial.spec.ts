import { FULL_BROWSER } from './support/browser.ts';
import { PNG, expectAccessible, recordDialogs, unique } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/flows.ts';

// Editorial management from a member's submission to the published article on /aerointel.
// In the full browser: the headless shell the rest of the suite runs in has no PDF viewer, so
// there a PDF opened in a tab is downloaded and the tab stays blank; a member's Chromium shows it.
test.use(FULL_BROWSER);

/** A tiny but well-formed PDF: the server checks the header and the end-of-file marker. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
    '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

test.describe('editorial', { tag: '@admin' }, () => {
  // A long flow with an axe pass on every screen: generous on a shared, loaded machine.
  test.describe.configure({ timeout: 360_000 });

  test('an editorial admin reviews a member submission, creates and publishes the article on /aerointel', async ({ page, browser, adminWith, createAccount }) => {
    const member = await createAccount();
    const title = unique('Scramjet Inlet Study');

    // The member submits from AeroIntel (nothing published yet: the page says so).
    const memberPage = await (await browser.newContext()).newPage();
    await signInAs(memberPage, member);
    await memberPage.goto('/aerointel');
    await expect(memberPage.getByRole('heading', { level: 1, name: 'AeroIntel' })).toBeVisible();
    await memberPage.getByRole('button', { name: 'Submit Article' }).click();
    await expect(memberPage.getByText('Title is required')).toBeVisible();
    await expect(memberPage.getByText('Please attach the article as a PDF file.')).toBeVisible();
    await expectAccessible(memberPage, 'aerointel: submission errors');
    await memberPage.getByLabel('Title').fill(title);
    await memberPage.getByLabel('Abstract').fill('We compare CFD of a Mach 6 inlet with wind tunnel data.');
    await memberPage.getByLabel('Keywords').fill('CFD, scramjet, hypersonics');
    await memberPage.getByLabel('Article (PDF)').setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: PDF });
    await memberPage.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await memberPage.getByRole('button', { name: 'Submit Article' }).click();
    const mine = memberPage.getByRole('region', { name: 'My Submissions' });
    await expect(mine).toContainText(title);
    await expect(mine).toContainText('Pending review');

    await adminWith(['is_editorial_admin']);
    const dialogs = await recordDialogs(page);
    await page.goto('/admin/editorial');
    await expect(page.getByRole('heading', { level: 1, name: 'Editorial Management' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Article Submissions' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText(member.email);
    await expect(card).toContainText('Pending');
    await expect(card.getByRole('listitem')).toHaveText(['CFD', 'scramjet', 'hypersonics']);
    // The unpublished PDF is only for the author and editors: View File fetches it with the
    // session and opens it in a new tab from a blob: address (a plain link would get a 404).
    const pdfResponse = page.waitForResponse((r) => /\/uploads\/articles\/[0-9a-f-]+\.pdf$/.test(r.url()));
    const [fileTab] = await Promise.all([page.waitForEvent('popup'), card.getByRole('button', { name: /View File/ }).click()]);
    const pdf = await pdfResponse;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.request().headers().authorization).toMatch(/^Bearer /);
    expect(Number(pdf.headers()['content-length'])).toBeGreaterThan(100); // the bytes: API tests
    await expect.poll(() => fileTab.url()).toMatch(/^blob:/);
    expect((await page.request.get(pdf.url())).status()).toBe(404); // without the session
    await fileTab.close();
    await expect(card.getByRole('button', { name: 'Create Article' })).toHaveCount(0);
    await expectAccessible(page, 'editorial: submissions');

    await card.getByRole('button', { name: 'Review' }).click();
    const review = page.getByRole('dialog', { name: 'Review Submission' });
    await expect(review).toContainText('We compare CFD of a Mach 6 inlet');
    await review.getByLabel('Review notes').fill('Clear and well argued.');
    await expectAccessible(page, 'editorial: review');
    await review.getByRole('button', { name: 'Accept' }).click();
    await expect(review).toBeHidden();
    await expect(card).toContainText('Accepted');
    await expect(card).toContainText('Clear and well argued.');

    await page.getByLabel('Status').selectOption('pending');
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    await page.getByLabel('Status').selectOption('accepted');
    await card.getByRole('button', { name: 'Create Article' }).click();
    await expect(card).toContainText('Article created (draft)');
    await expect(card.getByRole('button', { name: 'Create Article' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Published Articles' }).click();
    await expect(page.getByRole('article', { name: title })).toContainText('Draft');
    await expectAccessible(page, 'editorial: articles');
    await page.getByRole('button', { name: `Publish ${title}` }).click();
    await expect(page.getByRole('article', { name: title })).toContainText('Published');
    expect(dialogs).toEqual([]);

    // Visitors now read it on AeroIntel; the member sees the verdict and the notes.
    await page.goto('/aerointel');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('No articles have been published yet.')).toHaveCount(0);
    await expectAccessible(page, 'aerointel with an article');
    await memberPage.reload();
    await expect(memberPage.getByRole('region', { name: 'My Submissions' })).toContainText('Accepted');
    await expect(memberPage.getByRole('region', { name: 'My Submissions' })).toContainText('Clear and well argued.');

    // Unpublished again, it leaves AeroIntel.
    await page.goto('/admin/editorial');
    await page.getByRole('tab', { name: 'Published Articles' }).click();
    await page.getByRole('button', { name: `Unpublish ${title}` }).click();
    await expect(page.getByRole('article', { name: title })).toContainText('Draft');
    await page.goto('/aerointel');
    await expect(page.getByRole('heading', { name: 'Articles', exact: true })).toBeAttached();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  });
});
