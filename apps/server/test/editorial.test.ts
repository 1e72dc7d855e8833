import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { EDITORIAL_MSG } from '@aesa/shared/editorial';
import { UPLOAD_MSG } from '@aesa/shared/uploads';
import { articleSubmissions, uploads } from '../src/db/schema.ts';
import { currentVersion } from './support/current-version.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { signedInAdmin, signedInMember } from './support/factories.ts';
import { onePagePdf } from '../src/lib/one-page-pdf.ts';
import { multipart } from './support/multipart.ts';
import { refusal } from './support/refusal.ts';

const minimalPdf = () => onePagePdf('Drag reduction on swept wings');

const cover = () => sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 10, g: 60, b: 120 } } }).jpeg().toBuffer();

let t: TestApp;
let editor: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  editor = await signedInAdmin(t.app, ['is_editorial_admin']);
});
afterAll(() => t.close());

type Part = Parameters<typeof multipart>[0][number];
function submit(headers: Record<string, string>, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/articles/submissions', headers: { ...headers, ...body.headers }, payload: body.payload });
}
const textParts = (o: { title?: string; abstract?: string; keywords?: string } = {}): Part[] => [
  { name: 'title', data: o.title ?? 'Drag reduction on swept wings' },
  { name: 'abstract', data: o.abstract ?? 'We study vortex generators on a swept wing in the departmental wind tunnel.' },
  { name: 'keywords', data: o.keywords ?? 'CFD, wing design, , cfd' },
];
const pdfPart = (data: Buffer | string = minimalPdf(), filename = 'paper.pdf'): Part => ({ name: 'file', filename, contentType: 'application/pdf', data });
// A change or delete sends the version of the record as it is when the call is made (decision 054).
const admin = async (method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/admin/editorial${url}`,
    headers: { ...editor.headers, ...(method === 'GET' || method === 'POST' ? {} : await currentVersion(t.app, `/api/admin/editorial${url}`)) },
    ...(payload ? { payload } : {}),
  });
const pdfFiles = () => {
  const dir = path.join(t.config.uploadDir, 'articles');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('article submissions by members', () => {
  it('refuses a text file dressed as a PDF with 415, and keeps nothing', async () => {
    const m = await signedInMember(t.app);
    const before = { subs: (await t.app.db.select({ n: count() }).from(articleSubmissions))[0]!.n, files: pdfFiles().length };
    const res = await submit(m.headers, [...textParts(), { name: 'cover_image', filename: 'c.jpg', contentType: 'image/jpeg', data: await cover() }, pdfPart('This is plain text, not a PDF at all.', 'paper.pdf')]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(refusal(EDITORIAL_MSG.notPdf, 'SUBMISSION_NOT_A_PDF'));
    // A file that starts like a PDF but is cut short is refused too.
    const truncated = minimalPdf().subarray(0, 200);
    expect((await submit(m.headers, [...textParts(), pdfPart(truncated)])).statusCode).toBe(415);
    expect((await t.app.db.select({ n: count() }).from(articleSubmissions))[0]!.n).toBe(before.subs);
    expect(pdfFiles().length).toBe(before.files);
    const stored = await t.app.db.select().from(uploads).where(eq(uploads.user_id, m.user.id));
    expect(stored).toEqual([]);
  });

  it('validates the form: title, abstract and the PDF are required; over 10 MB is 413; visitors 401', async () => {
    const m = await signedInMember(t.app);
    const noPdf = await submit(m.headers, textParts());
    expect(noPdf.statusCode).toBe(400);
    expect(noPdf.json().error).toBe(EDITORIAL_MSG.pdfRequired);
    const noTitle = await submit(m.headers, [...textParts({ title: '  ' }), pdfPart()]);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error).toBe(EDITORIAL_MSG.titleRequired);
    expect((await submit(m.headers, [{ name: 'title', data: 'T' }, pdfPart()])).json().error).toBe(EDITORIAL_MSG.abstractRequired);
    const big = Buffer.concat([minimalPdf(), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    const tooBig = await submit(m.headers, [...textParts(), pdfPart(big)]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe(EDITORIAL_MSG.pdfTooLarge);
    const badCover = await submit(m.headers, [...textParts(), { name: 'cover_image', filename: 'c.png', contentType: 'image/png', data: 'not an image' }, pdfPart()]);
    expect(badCover.statusCode).toBe(415);
    expect(badCover.json().error).toBe(UPLOAD_MSG.invalidImage);
    expect((await submit({}, [...textParts(), pdfPart()])).statusCode).toBe(401);
    const json = await t.app.inject({ method: 'POST', url: '/api/articles/submissions', headers: m.headers, payload: { title: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(pdfFiles().length).toBe(0);
  });
});

describe('the editorial flow', () => {
  it('submit → list → review → article only from accepted → publish → public list → unpublish → delete', async () => {
    const author = await signedInMember(t.app, { name: 'Ifeoma Eze' });
    const other = await signedInMember(t.app);
    const pdf = minimalPdf();

    // 1. A member submits, with a cover image.
    const created = await submit(author.headers, [...textParts(), { name: 'cover_image', filename: 'c.jpg', contentType: 'image/jpeg', data: await cover() }, pdfPart(pdf, '../../etc/passwd.pdf')]);
    expect(created.statusCode).toBe(201);
    const sub = created.json().submission;
    expect(sub).toMatchObject({ title: 'Drag reduction on swept wings', keywords: ['CFD', 'wing design'], submission_status: 'pending', notes: null });
    expect(sub.file_url).toMatch(/^\/uploads\/articles\/[0-9a-f-]{36}\.pdf$/);
    expect(sub.cover_image_url).toMatch(/^\/uploads\/article\/[0-9a-f-]{36}\.webp$/);

    // The PDF is served (to its author, while unpublished) as a PDF, inline, nosniff, byte for
    // byte; tracked in the uploads table. Who else may read it: article-pdf-access.test.ts.
    const file = await t.app.inject({ method: 'GET', url: sub.file_url, headers: author.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="aesa-article-[0-9a-f]{8}\.pdf"$/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const tracked = await t.app.db.select().from(uploads).where(eq(uploads.user_id, author.user.id));
    expect(tracked.map((u) => u.kind).sort()).toEqual(['article', 'article-pdf']);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/articles/not-ours.pdf' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/articles/${randomUUID()}.pdf` })).statusCode).toBe(404);

    // 2. The member sees their own submissions only.
    const mine = (await t.app.inject({ method: 'GET', url: '/api/articles/submissions/mine', headers: author.headers })).json();
    expect(mine.submissions.map((s: { id: string }) => s.id)).toEqual([sub.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/articles/submissions/mine', headers: other.headers })).json().submissions).toEqual([]);

    // 3. The editor lists and opens it.
    const list = (await admin('GET', '/article-submissions?status=pending&limit=50&offset=0')).json();
    expect(list.success).toBe(true);
    const listed = list.submissions.find((s: { id: string }) => s.id === sub.id);
    expect(listed).toMatchObject({ abstract: sub.abstract, file_url: sub.file_url, users: { name: 'Ifeoma Eze', email: author.user.email } });
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect((await admin('GET', `/article-submissions/${sub.id}`)).json().submission.id).toBe(sub.id);
    expect((await admin('GET', `/article-submissions/${randomUUID()}`)).statusCode).toBe(404);
    expect((await admin('GET', '/article-submissions?status=published')).statusCode).toBe(400);

    // 4. Not accepted yet: no article.
    const early = await admin('POST', '/articles', { source_submission_id: sub.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(EDITORIAL_MSG.onlyAccepted);
    expect((await admin('POST', '/articles', { title: 'Free-standing' })).json().error).toBe(EDITORIAL_MSG.sourceRequired);

    // 5. Review: needs revision with notes; the member sees them. Any status can follow any status.
    const revise = await admin('PATCH', `/article-submissions/${sub.id}/status`, { submission_status: 'needs_revision', notes: 'Please add the tunnel calibration data.' });
    expect(revise.statusCode).toBe(200);
    expect(revise.json().submission).toMatchObject({ submission_status: 'needs_revision', notes: 'Please add the tunnel calibration data.' });
    const mineAfter = (await t.app.inject({ method: 'GET', url: '/api/articles/submissions/mine', headers: author.headers })).json().submissions[0];
    expect(mineAfter).toMatchObject({ submission_status: 'needs_revision', notes: 'Please add the tunnel calibration data.' });
    expect((await admin('PATCH', `/article-submissions/${sub.id}/status`, { submission_status: 'published' })).statusCode).toBe(400);
    expect((await admin('PATCH', `/article-submissions/${sub.id}/status`, { submission_status: 'rejected' })).statusCode).toBe(200);
    expect((await admin('PATCH', `/article-submissions/${sub.id}/status`, { submission_status: 'accepted', notes: 'Great work.' })).statusCode).toBe(200);

    // 6. From the accepted submission: a draft article with the defaults; only once.
    const art = await admin('POST', '/articles', { source_submission_id: sub.id, content: 'Full text of the article.' });
    expect(art.statusCode).toBe(201);
    const article = art.json().article;
    expect(article).toMatchObject({
      title: 'Drag reduction on swept wings',
      content: 'Full text of the article.',
      category: 'Academic',
      status: 'draft',
      tags: ['CFD', 'wing design'],
      source_submission_id: sub.id,
      published_at: null,
      author: { id: author.user.id, name: 'Ifeoma Eze' },
    });
    expect((await admin('POST', '/articles', { source_submission_id: sub.id })).json().error).toBe(EDITORIAL_MSG.alreadyCreated);
    const publicDraft = (await t.app.inject({ method: 'GET', url: '/api/articles' })).json();
    expect(publicDraft.data.some((a: { id: string }) => a.id === article.id)).toBe(false);

    // 7. Publish: published_at is set and the public list shows it, without private fields.
    t.clock.set(new Date('2026-03-02T09:00:00Z'));
    const pub = await admin('PATCH', `/articles/${article.id}`, { status: 'published', tags: 'aerodynamics, CFD', category: 'Research' });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().article).toMatchObject({ status: 'published', published_at: '2026-03-02T09:00:00.000Z', tags: ['aerodynamics', 'CFD'], category: 'Research' });
    const publicList = (await t.app.inject({ method: 'GET', url: '/api/articles' })).json();
    expect(publicList.success).toBe(true);
    const shown = publicList.data.find((a: { id: string }) => a.id === article.id);
    expect(shown).toEqual({
      id: article.id,
      title: 'Drag reduction on swept wings',
      content: 'Full text of the article.',
      category: 'Research',
      tags: ['aerodynamics', 'CFD'],
      published_at: '2026-03-02T09:00:00.000Z',
      cover_image_url: sub.cover_image_url,
      author: { id: author.user.id, name: 'Ifeoma Eze' },
    });
    expect(JSON.stringify(publicList)).not.toContain(author.user.email);
    expect((await admin('GET', '/articles')).json().articles.some((a: { id: string }) => a.id === article.id)).toBe(true);

    // 8. Back to draft hides it; delete removes it.
    expect((await admin('PATCH', `/articles/${article.id}`, { status: 'draft' })).json().article.published_at).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/articles' })).json().data.some((a: { id: string }) => a.id === article.id)).toBe(false);
    expect((await admin('PATCH', `/articles/${article.id}`, { status: 'archived' })).statusCode).toBe(400);
    expect((await admin('PATCH', `/articles/${article.id}`, {})).statusCode).toBe(400);
    expect((await admin('DELETE', `/articles/${article.id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/articles/${article.id}`)).statusCode).toBe(404);
    expect((await admin('PATCH', `/articles/${article.id}`, { title: 'x' })).statusCode).toBe(404);
  });

  it('rejecting a submission whose article is published can unpublish the article in the same call', async () => {
    const author = await signedInMember(t.app);
    const sub = (await submit(author.headers, [...textParts({ title: 'Ablative heat shields' }), pdfPart()])).json().submission;
    const review = (payload: object) => admin('PATCH', `/article-submissions/${sub.id}/status`, payload);
    expect((await review({ submission_status: 'accepted' })).statusCode).toBe(200);
    const article = (await admin('POST', '/articles', { source_submission_id: sub.id, status: 'published' })).json().article;
    expect(article.status).toBe('published');
    const isPublic = async () => (await t.app.inject({ method: 'GET', url: '/api/articles' })).json().data.some((a: { id: string }) => a.id === article.id);
    expect(await isPublic()).toBe(true);

    // The flag goes only with a rejection: refused with 400, and nothing changes.
    const wrong = await review({ submission_status: 'needs_revision', unpublish_article: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(refusal(EDITORIAL_MSG.unpublishOnlyOnReject));
    expect((await admin('GET', `/article-submissions/${sub.id}`)).json().submission.submission_status).toBe('accepted');
    expect(await isPublic()).toBe(true);

    // Rejecting without the flag keeps the article published (the editor chose to keep it).
    expect((await review({ submission_status: 'rejected' })).json().submission.submission_status).toBe('rejected');
    expect(await isPublic()).toBe(true);

    // With the flag: rejected, and the article is back to draft and off the public list.
    const both = await review({ submission_status: 'rejected', notes: 'Plagiarised figures.', unpublish_article: true });
    expect(both.statusCode).toBe(200);
    expect(both.json().submission).toMatchObject({ submission_status: 'rejected', notes: 'Plagiarised figures.' });
    const after = (await admin('GET', '/articles')).json().articles.find((a: { id: string }) => a.id === article.id);
    expect(after).toMatchObject({ status: 'draft', published_at: null });
    expect(await isPublic()).toBe(false);

    // An unknown submission changes nothing and answers 404.
    expect((await admin('PATCH', `/article-submissions/${randomUUID()}/status`, { submission_status: 'rejected', unpublish_article: true })).statusCode).toBe(404);
  });

  it('a member cannot use the editorial routes', async () => {
    const m = await signedInMember(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/editorial/article-submissions', headers: m.headers });
    expect(res.statusCode).toBe(403);
  });
});
