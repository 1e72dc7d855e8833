import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentVersion } from './support/current-version.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { signedInAdmin, signedInMember } from './support/factories.ts';
import { onePagePdf } from '../src/lib/one-page-pdf.ts';
import { multipart } from './support/multipart.ts';

// A submitted PDF before its article is published: only its author and editorial admins (super
// passes); everyone else gets the 404 of a file that does not exist. Published: public.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function submitPdf(headers: Record<string, string>) {
  const body = multipart([
    { name: 'title', data: 'Boundary layer trips' },
    { name: 'abstract', data: 'Tripping the boundary layer on a model wing in the departmental tunnel.' },
    { name: 'keywords', data: 'CFD' },
    { name: 'file', filename: 'paper.pdf', contentType: 'application/pdf', data: onePagePdf('Boundary layer trips') },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/articles/submissions', headers: { ...headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode).toBe(201);
  return res.json().submission as { id: string; file_url: string };
}

describe('submitted article PDFs', () => {
  it('unpublished: author, editorial and super admins read it; visitors, other members and other admins get 404', async () => {
    const author = await signedInMember(t.app);
    const editor = await signedInAdmin(t.app, ['is_editorial_admin']);
    const sub = await submitPdf(author.headers);
    const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: sub.file_url, headers });
    const callers = {
      author: { headers: author.headers, status: 200 },
      editorial: { headers: editor.headers, status: 200 },
      super: { headers: (await signedInAdmin(t.app, ['is_super_admin'])).headers, status: 200 },
      visitor: { headers: {}, status: 404 },
      'other member': { headers: (await signedInMember(t.app)).headers, status: 404 },
      'electoral admin': { headers: (await signedInAdmin(t.app, ['is_electoral_admin', 'is_data_admin', 'is_email_admin', 'is_event_admin'])).headers, status: 404 },
      'bad token': { headers: { authorization: `Bearer ${'x'.repeat(43)}` }, status: 404 },
    };
    const missing = await t.app.inject({ method: 'GET', url: sub.file_url.replace(/[0-9a-f]{12}\.pdf$/, '000000000000.pdf') });
    for (const [who, c] of Object.entries(callers)) {
      const res = await get(c.headers);
      expect(res.statusCode, who).toBe(c.status);
      if (c.status === 200) {
        expect(res.headers['content-type'], who).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString(), who).toBe('%PDF-');
        expect(res.headers['cache-control'], who).toBe('no-store');
      } else {
        // The same answer as for a file that does not exist: nothing tells that it does.
        expect(res.json(), who).toEqual(missing.json());
        expect(res.body, who).not.toContain('PDF');
      }
    }
  });

  it('a published article makes its PDF public; a draft article does not', async () => {
    const author = await signedInMember(t.app);
    const editor = await signedInAdmin(t.app, ['is_editorial_admin']);
    const sub = await submitPdf(author.headers);
    // A change sends the version of the record as it is when the call is made (decision 054).
    const editorial = async (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({
        method,
        url: `/api/admin/editorial${url}`,
        headers: { ...editor.headers, ...(method === 'PATCH' ? await currentVersion(t.app, `/api/admin/editorial${url}`) : {}) },
        payload,
      });
    expect((await editorial('PATCH', `/article-submissions/${sub.id}/status`, { submission_status: 'accepted' })).statusCode).toBe(200);
    const article = (await editorial('POST', '/articles', { source_submission_id: sub.id, content: 'Full text.' })).json().article;
    const visitor = () => t.app.inject({ method: 'GET', url: sub.file_url });
    expect((await visitor()).statusCode).toBe(404); // a draft is not published
    expect((await editorial('PATCH', `/articles/${article.id}`, { status: 'published' })).statusCode).toBe(200);
    const open = await visitor();
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('application/pdf');
    expect((await t.app.inject({ method: 'GET', url: sub.file_url, headers: (await signedInMember(t.app)).headers })).statusCode).toBe(200);
    expect((await editorial('PATCH', `/articles/${article.id}`, { status: 'draft' })).statusCode).toBe(200);
    expect((await visitor()).statusCode).toBe(404); // unpublished again: private again
  });
});
