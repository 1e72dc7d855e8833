import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The API's contract: every route declares the schema of its answer (the server serialises
// through it, and the OpenAPI document is generated from it), and the document is served.

// Routes still answering without a response schema. The list only shrinks: a new route must
// come with its schema, and a route that gains one must leave the list (the test says so).
const NOT_YET_DECLARED = new Set<string>([
  'GET /api/admin/member-roles',
  'PATCH /api/admin/member-roles/:id',
  'GET /api/admin/me',
  'POST /api/admin/uploads/image',
  'GET /api/admin/roles',
  'POST /api/admin/roles',
  'GET /api/admin/roles/:id',
  'PATCH /api/admin/roles/:id',
  'DELETE /api/admin/roles/:id',
  'GET /api/admin/users',
  'POST /api/admin/users',
  'PATCH /api/admin/users/:id',
  'DELETE /api/admin/users/:id',
  'GET /api/admin/audit-log',
  'POST /api/admin/send-bulk-email',
  'GET /api/admin/communications/members',
  'POST /api/admin/communications/send',
  'GET /api/admin/bulk-emails',
  'GET /api/events',
  'GET /api/admin/events',
  'POST /api/admin/events',
  'PATCH /api/admin/events/:id',
  'DELETE /api/admin/events/:id',
  'GET /api/admin/executives',
  'POST /api/admin/executives',
  'PATCH /api/admin/executives/:id',
  'POST /api/admin/member-roles/batch',
  'GET /api/admin/picker/users',
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const apiRoutes = () => t.app.routesList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json');

describe('route schemas', () => {
  it('every API route declares the schema of its success answer', () => {
    const missing = apiRoutes()
      .filter((r) => !r.responseSchema)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing.filter((r) => !NOT_YET_DECLARED.has(r))).toEqual([]);
  });

  it('the list of routes without a schema holds only routes that still lack one', () => {
    const declared = new Set(apiRoutes().filter((r) => r.responseSchema).map((r) => `${r.method} ${r.url}`));
    const known = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    expect([...NOT_YET_DECLARED].filter((r) => declared.has(r) || !known.has(r))).toEqual([]);
  });

  it('an answer is serialised through its schema: a field the schema does not name never leaves the server', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/elections' });
    expect(res.statusCode).toBe(200);
    for (const election of res.json().elections) expect(Object.keys(election).sort()).toEqual(
      ['created_at', 'description', 'end_time', 'id', 'is_active', 'is_publicly_visible', 'results_published', 'start_time', 'status', 'title'],
    );
  });

  it('a request that does not match its schema gets the first problem as a 400, and a path that cannot name a row a 404', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/api/elections/not-a-uuid' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ success: false, error: 'Election not found' });
  });
});

describe('OpenAPI document and reference page', () => {
  it('GET /api/openapi.json is an OpenAPI 3.1 document of the API, generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const list = doc.paths['/api/elections'].get;
    expect(Object.keys(list.responses['200'].content['application/json'].schema.properties)).toEqual(['success', 'elections']);
    expect(list['x-access']).toBe('public');
    // An admin route names the permission it needs.
    const create = doc.paths['/api/elections'].post;
    expect(create['x-required-permission']).toBe('is_electoral_admin');
    expect(create.description).toContain('is_electoral_admin');
    expect(create.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['title', 'start_time', 'end_time']));
    // Pages, the reference page and the document itself are not operations of the API.
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/') && !p.startsWith('/api/docs') && p !== '/api/openapi.json')).toBe(true);
  });

  it('GET /api/docs is a reference page served from this origin under the site CSP (no inline script)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    expect(html).toContain('swagger-ui');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // every script is a file of ours
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('/api/openapi.json');
  });
});
