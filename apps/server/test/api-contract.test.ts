import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSchema } from '@aesa/shared/schemas/members';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { refusal } from './support/refusal.ts';

// The API's contract: every route declares the schema of its answer (the server serialises
// through it, and the OpenAPI document is generated from it), and the document is served.

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
    expect(missing).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(80);
  });

  it('an answer is serialised through its schema: a field the schema does not name never leaves the server', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/elections' });
    expect(res.statusCode).toBe(200);
    for (const election of res.json().elections) expect(Object.keys(election).sort()).toEqual(
      ['created_at', 'description', 'end_time', 'id', 'is_active', 'is_publicly_visible', 'results_published', 'start_time', 'status', 'title'],
    );
  });

  it('a request that does not match its schema gets the first problem as a 400, and a path that cannot name a row a 404', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'not an address' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(refusal(newsletterSchema.safeParse({ email: 'not an address' }).error!.issues[0]!.message, 'VALIDATION_FAILED', { field: 'email' }));
    const empty = await t.app.inject({ method: 'POST', url: '/api/newsletter' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(newsletterSchema.safeParse({}).error!.issues[0]!.message);
    const notFound = await t.app.inject({ method: 'GET', url: '/api/elections/not-a-uuid' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual(refusal('Election not found', 'ELECTION_NOT_FOUND'));
    expect(notFound.json().field).toBeUndefined();
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
    expect(list['x-access']).toEqual({ rule: 'public', adminView: { module: 'electoral', permission: 'is_electoral_admin' } });
    expect(list.security).toEqual([]);
    // An admin route names the permissions that pass it (permissions.test.ts checks them all).
    const create = doc.paths['/api/elections'].post;
    expect(create['x-access']).toEqual({ rule: 'admin', modules: ['electoral'], permissions: ['is_electoral_admin'] });
    expect(create.security).toEqual([{ bearer: ['is_electoral_admin'] }, { bearer: ['is_super_admin'] }]);
    expect(create.description).toMatch(/^Access: admins with the `is_electoral_admin` permission, and super admins\./);
    expect(doc.servers).toEqual([{ url: 'http://portal.test', description: 'This portal' }]);
    expect(create.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['title', 'start_time', 'end_time']));
    // Pages, the reference page and the document itself are not operations of the API; the one
    // file served outside /api for clients (the events calendar feed) is.
    const outsideApi = new Set(['/events.ics']);
    expect(Object.keys(doc.paths).every((p) => (p.startsWith('/api/') || outsideApi.has(p)) && !p.startsWith('/api/docs') && p !== '/api/openapi.json')).toBe(true);
  });

  it('every operation has a unique camelCase operationId, a one-line summary and a security statement', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ops = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );
    const documented = new Set(ops.map(({ key }) => key));
    const undocumented = apiRoutes()
      .filter((r) => !r.websocket)
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')}`)
      .filter((key) => !documented.has(key));
    expect(undocumented).toEqual([]);
    const wrong = ops.flatMap(({ key, op }) => [
      ...(typeof op.operationId === 'string' && /^[a-z][A-Za-z0-9]*$/.test(op.operationId) ? [] : [`${key}: operationId ${String(op.operationId)}`]),
      ...(typeof op.summary === 'string' && op.summary.length > 0 && op.summary.length <= 100 && !op.summary.includes('\n') ? [] : [`${key}: summary ${String(op.summary)}`]),
      ...(Array.isArray(op.security) ? [] : [`${key}: no security statement`]),
    ]);
    expect(wrong).toEqual([]);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
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
