import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/index.ts';
import { type PrintedDemoLogins, seedDemoAndReadLogins } from './support/demo-seed.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { login } from './support/factories.ts';

let t: TestApp;
let logins: PrintedDemoLogins;
beforeAll(async () => {
  t = await createTestApp();
  logins = await seedDemoAndReadLogins(t.app);
  await seedDemo(t.app, () => {}); // a restart seeds nothing twice
});
afterAll(() => t.close());

describe('demo data of the administration area', () => {
  it('has events, a published article with its PDF, reviewable submissions and one role per module', async () => {
    const upcoming = (await t.app.inject({ method: 'GET', url: '/api/events' })).json().data;
    expect(upcoming.map((e: { title: string }) => e.title)).toEqual(['Drone Building Workshop', 'AESA Annual Lecture: Nigeria in Space', 'Wind Tunnel Open Day']);
    const published = (await t.app.inject({ method: 'GET', url: '/api/articles' })).json().data;
    expect(published).toHaveLength(1);
    expect(published[0].author.name.length).toBeGreaterThan(0);
    expect(JSON.stringify(published[0].author)).not.toContain('@'); // no e-mail in public data

    const headers = { authorization: `Bearer ${await login(t.app, logins.admin.matric, logins.admin.password)}` };
    const subs = (await t.app.inject({ method: 'GET', url: '/api/admin/editorial/article-submissions?limit=50&offset=0', headers })).json();
    expect(subs.total).toBe(3);
    const file = await t.app.inject({ method: 'GET', url: subs.submissions[0].file_url, headers });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const roles = (await t.app.inject({ method: 'GET', url: '/api/admin/roles', headers })).json().roles;
    expect(roles.map((r: { role_name: string }) => r.role_name).sort()).toEqual(['Communications', 'Editorial Board', 'Electoral Committee', 'Events Team', 'Records Office', 'Super Admin', 'Treasury']);
  });
});

describe('demo data of the association year', () => {
  it('has the current session 2026-2027 with dues, paid members with numbered receipts and pending proofs', async () => {
    const headers = { authorization: `Bearer ${await login(t.app, logins.admin.matric, logins.admin.password)}` };
    const sessions = (await t.app.inject({ method: 'GET', url: '/api/admin/sessions', headers })).json().sessions;
    expect(sessions.map((s: { year: string; is_current: boolean }) => [s.year, s.is_current])).toEqual([
      ['2026-2027', true],
      ['2025-2026', false],
    ]);
    const res = (await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers })).json();
    expect(res.session.year).toBe('2026-2027');
    expect(res.figures.financial_members).toBeGreaterThanOrEqual(5);
    expect(res.figures.pending).toBeGreaterThanOrEqual(2);
    const receipts = res.payments.filter((p: { status: string }) => p.status === 'approved').map((p: { receipt_number: string }) => p.receipt_number).sort();
    expect(receipts).toEqual(receipts.map((_: string, i: number) => `AESA-2026-2027-${String(i + 1).padStart(4, '0')}`));
    const pending = res.payments.find((p: { status: string; has_proof: boolean }) => p.status === 'pending');
    expect(pending.has_proof).toBe(true);
    const proof = await t.app.inject({ method: 'GET', url: `/api/membership/payments/${pending.id}/proof`, headers });
    expect(proof.statusCode).toBe(200);
    // The next approval continues the numbering.
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/payments/${pending.id}/approve`, headers, payload: { amount: pending.amount, method: 'transfer', version: pending.version } });
    expect(approved.json().payment.receipt_number).toBe(`AESA-2026-2027-${String(receipts.length + 1).padStart(4, '0')}`);
  });
});
