import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { auditLog, mailOutbox, memberRoles, payments } from '../src/db/schema.ts';
import { onePagePdf } from '../src/lib/one-page-pdf.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { signedInAdmin, signedInMember } from './support/factories.ts';
import { multipart } from './support/multipart.ts';

// Sessions, dues and financial members through the real app on a real PostgreSQL: the Finance
// module's access, one current session, proofs of payment (real multipart), the officer's
// decisions with their e-mails in the outbox, receipts numbered once, and versions.

let t: TestApp;
let finance: Record<string, string>;
let treasurerId: string;
let otherAdmin: Record<string, string>;

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a7' } }).png().toBuffer();

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function upload(headers: Record<string, string>, fields: { amount?: string; reference?: string }, file?: { data: Buffer; filename: string; contentType: string }) {
  const parts: Parameters<typeof multipart>[0] = [];
  if (fields.amount !== undefined) parts.push({ name: 'amount', data: fields.amount });
  if (fields.reference !== undefined) parts.push({ name: 'reference', data: fields.reference });
  if (file) parts.push({ name: 'proof', filename: file.filename, contentType: file.contentType, data: file.data });
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/membership/payments', headers: { ...headers, ...body.headers }, payload: body.payload });
}

const session2026 = { year: '2026-2027', starts_on: '2026-09-01', ends_on: '2027-08-31', dues_amount: 5000, dues_by_level: { '100': 3000 }, is_current: true };
let current: { id: string; version: number };

async function mailsTo(email: string) {
  return t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email));
}

beforeAll(async () => {
  t = await createTestApp();
  const treasurer = await signedInAdmin(t.app, ['is_finance_admin'], { name: 'Tola Treasurer' });
  finance = treasurer.headers;
  treasurerId = treasurer.user.id;
  otherAdmin = (await signedInAdmin(t.app, ['is_data_admin', 'is_electoral_admin', 'is_email_admin', 'is_editorial_admin', 'is_event_admin'])).headers;
});
afterAll(() => t.close());

describe('sessions', () => {
  it('creates sessions with one current; making another current unmarks the first in the same change', async () => {
    const earlier = await call('POST', '/api/admin/sessions', finance, { year: '2025-2026', starts_on: '2025-09-01', ends_on: '2026-08-31', dues_amount: 4000, is_current: true });
    expect(earlier.statusCode).toBe(201);
    expect(earlier.json().session).toMatchObject({ year: '2025-2026', is_current: true, version: 1, dues_by_level: null });

    const created = await call('POST', '/api/admin/sessions', finance, { ...session2026, is_current: false });
    expect(created.statusCode).toBe(201);
    current = created.json().session;
    const made = await call('PATCH', `/api/admin/sessions/${current.id}`, { ...finance, 'if-match': `"${current.version}"` }, { is_current: true });
    expect(made.statusCode).toBe(200);
    expect(made.headers.etag).toBe('"2"');
    current = made.json().session;
    expect(current).toMatchObject({ is_current: true, version: 2, dues_by_level: { '100': 3000 } });

    const list = (await call('GET', '/api/admin/sessions', finance)).json().sessions;
    expect(list.map((s: { year: string; is_current: boolean }) => [s.year, s.is_current])).toEqual([
      ['2026-2027', true],
      ['2025-2026', false],
    ]);
    const { rows } = await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action in ('POST /api/admin/sessions', 'PATCH /api/admin/sessions/:id') and outcome = 'ok'`);
    expect(rows[0]!.n).toBe(3);
  });

  it('refuses a taken year, a bad year, an end before the start and bad dues, with codes, changing nothing', async () => {
    const before = (await call('GET', '/api/admin/sessions', finance)).json().sessions;
    const cases: [unknown, number, string][] = [
      [{ ...session2026, is_current: false }, 409, 'SESSION_YEAR_TAKEN'],
      [{ ...session2026, year: '2026/2027' }, 400, 'SESSION_YEAR_INVALID'],
      [{ ...session2026, year: '2026-2028' }, 400, 'SESSION_YEAR_INVALID'],
      [{ ...session2026, year: '2030-2031', ends_on: '2030-01-01', starts_on: '2030-09-01' }, 400, 'SESSION_END_BEFORE_START'],
      [{ ...session2026, year: '2030-2031', dues_amount: -5 }, 400, 'SESSION_DUES_INVALID'],
      [{ ...session2026, year: '2030-2031', dues_by_level: { '900': 5 } }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call('POST', '/api/admin/sessions', finance, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    const endBefore = await call('PATCH', `/api/admin/sessions/${current.id}`, finance, { ends_on: '2026-01-01', version: current.version });
    expect([endBefore.statusCode, endBefore.json().code]).toEqual([400, 'SESSION_END_BEFORE_START']);
    expect((await call('GET', '/api/admin/sessions', finance)).json().sessions).toEqual(before);
  });

  it('a stale version gets 409 EDIT_CONFLICT with the current record; no version gets 428', async () => {
    const stale = await call('PATCH', `/api/admin/sessions/${current.id}`, finance, { dues_amount: 6000, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'EDIT_CONFLICT', current: { id: current.id, version: current.version, dues_amount: 5000 } });
    const none = await call('PATCH', `/api/admin/sessions/${current.id}`, finance, { dues_amount: 6000 });
    expect([none.statusCode, none.json().code]).toEqual([428, 'VERSION_REQUIRED']);
  });
});

describe('access', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/sessions'],
    ['POST', '/api/admin/sessions'],
    ['GET', '/api/admin/payments'],
    ['POST', '/api/admin/payments'],
    ['POST', `/api/admin/payments/00000000-0000-4000-8000-000000000000/approve`],
  ];
  it('members get 403 and admins of every other module get 403 on the finance routes', async () => {
    const member = (await signedInMember(t.app)).headers;
    for (const [method, url] of routes) {
      for (const headers of [member, otherAdmin]) {
        const res = await call(method as 'GET', url, headers, method === 'GET' ? undefined : {});
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});

describe('payments', () => {
  it('a verified member uploads a proof; the treasurer approves it; the member is financial and gets one receipt', async () => {
    const m = await signedInMember(t.app, { name: 'Ada Payer' });
    let me = (await call('GET', '/api/membership/me', m.headers)).json();
    expect(me.current).toMatchObject({ status: 'verified', dues: 5000, session: { year: '2026-2027' } });
    expect(me.history).toEqual([{ year: '2025-2026', financial: false }]);

    const up = await upload(m.headers, { amount: '5000', reference: 'TRF-123' }, { data: await png(), filename: 'proof.png', contentType: 'image/png' });
    expect(up.statusCode).toBe(201);
    const pendingId = up.json().payment.id;
    expect(up.json().payment).toMatchObject({ status: 'pending', amount: 5000, reference: 'TRF-123', has_proof: true, receipt_number: null });
    expect(up.json().payment).not.toHaveProperty('proof_path');

    // The proof: the re-encoded image, for the owner and finance admins only.
    const own = await call('GET', `/api/membership/payments/${pendingId}/proof`, m.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('webp');
    expect((await call('GET', `/api/membership/payments/${pendingId}/proof`, finance)).statusCode).toBe(200);
    const stranger = (await signedInMember(t.app)).headers;
    expect((await call('GET', `/api/membership/payments/${pendingId}/proof`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/membership/payments/${pendingId}/proof`, otherAdmin)).statusCode).toBe(404);
    const [stored] = await t.app.db.select({ path: payments.proof_path }).from(payments).where(eq(payments.id, pendingId));
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${stored!.path}` })).statusCode).toBe(404);

    // A second proof while one is pending is refused.
    const again = await upload(m.headers, { amount: '5000' }, { data: await png(), filename: 'p.png', contentType: 'image/png' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'PAYMENT_ALREADY_PENDING']);

    const listed = (await call('GET', '/api/admin/payments?status=pending', finance)).json();
    expect(listed.session.year).toBe('2026-2027');
    const row = listed.payments.find((p: { id: string }) => p.id === pendingId);
    expect(row).toMatchObject({ member_name: 'Ada Payer', status: 'pending', version: 1, has_proof: true });
    expect(row).not.toHaveProperty('email');

    const approved = await call('POST', `/api/admin/payments/${pendingId}/approve`, finance, { amount: 5000, method: 'transfer', reference: 'TRF-123', version: 1 });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().payment).toMatchObject({ status: 'approved', receipt_number: 'AESA-2026-2027-0001', decided_by_name: 'Tola Treasurer', version: 2 });
    expect(approved.headers.etag).toBe('"2"');

    me = (await call('GET', '/api/membership/me', m.headers)).json();
    expect(me.current.status).toBe('financial');
    const receipt = await call('GET', `/api/membership/receipts/${pendingId}`, m.headers);
    expect(receipt.json().receipt).toMatchObject({ receipt_number: 'AESA-2026-2027-0001', member_name: 'Ada Payer', session_year: '2026-2027', amount: 5000, association_name: 'AESA' });
    expect((await call('GET', `/api/membership/receipts/${pendingId}`, stranger)).statusCode).toBe(404);

    const mail = await mailsTo(m.user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('2026-2027');
    expect(mail[0]!.text_body).toContain('AESA-2026-2027-0001');
    expect(mail[0]!.text_body).toContain(`http://portal.test/membership/receipts/${pendingId}`);

    // Already financial: no further proof.
    const paid = await upload(m.headers, { amount: '5000' }, { data: await png(), filename: 'p.png', contentType: 'image/png' });
    expect([paid.statusCode, paid.json().code]).toEqual([409, 'PAYMENT_ALREADY_FINANCIAL']);

    const [entry] = await t.app.db.select().from(auditLog).where(sql`${auditLog.action} = 'POST /api/admin/payments/:id/approve' and ${auditLog.outcome} = 'ok'`);
    expect(entry!.target_name).toBe('Ada Payer, 2026-2027 (AESA-2026-2027-0001)');
  });

  it('a PDF proof is accepted; bad amounts, no file and a file that is neither image nor PDF are refused', async () => {
    const m = await signedInMember(t.app);
    const bad: [Record<string, string>, number, string][] = [
      [{ amount: '' }, 400, 'PAYMENT_AMOUNT_REQUIRED'],
      [{ amount: '0' }, 400, 'PAYMENT_AMOUNT_INVALID'],
      [{ amount: '-5' }, 400, 'PAYMENT_AMOUNT_INVALID'],
      [{ amount: '12.5' }, 400, 'PAYMENT_AMOUNT_INVALID'],
      [{ amount: 'lots' }, 400, 'PAYMENT_AMOUNT_INVALID'],
    ];
    for (const [fields, status, code] of bad) {
      const res = await upload(m.headers, fields, { data: await png(), filename: 'p.png', contentType: 'image/png' });
      expect([res.statusCode, res.json().code], JSON.stringify(fields)).toEqual([status, code]);
    }
    const noFile = await upload(m.headers, { amount: '5000' });
    expect([noFile.statusCode, noFile.json().code]).toEqual([400, 'PAYMENT_PROOF_REQUIRED']);
    const text = await upload(m.headers, { amount: '5000' }, { data: Buffer.from('not a receipt at all, just text'), filename: 'x.png', contentType: 'image/png' });
    expect([text.statusCode, text.json().code]).toEqual([415, 'PAYMENT_PROOF_TYPE']);
    expect((await call('GET', '/api/membership/me', m.headers)).json().payments).toEqual([]);

    const pdf = await upload(m.headers, { amount: '5000', reference: 'POS 77' }, { data: onePagePdf('Bank teller slip'), filename: 'slip.pdf', contentType: 'application/pdf' });
    expect(pdf.statusCode).toBe(201);
    const file = await call('GET', `/api/membership/payments/${pdf.json().payment.id}/proof`, m.headers);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a rejected proof does not count and the member is told the reason; then a new proof may be sent', async () => {
    const m = await signedInMember(t.app);
    const up = await upload(m.headers, { amount: '5000' }, { data: await png(), filename: 'p.png', contentType: 'image/png' });
    const id = up.json().payment.id;
    const short = await call('POST', `/api/admin/payments/${id}/reject`, finance, { reason: 'x', version: 1 });
    expect([short.statusCode, short.json().code]).toEqual([400, 'PAYMENT_REASON_REQUIRED']);
    const rejected = await call('POST', `/api/admin/payments/${id}/reject`, finance, { reason: 'The transfer is not in our statement', version: 1 });
    expect(rejected.json().payment).toMatchObject({ status: 'rejected', reason: 'The transfer is not in our statement', receipt_number: null });
    const me = (await call('GET', '/api/membership/me', m.headers)).json();
    expect(me.current.status).toBe('verified');
    expect(me.payments[0]).toMatchObject({ status: 'rejected', reason: 'The transfer is not in our statement' });
    const mail = await mailsTo(m.user.email);
    expect(mail.map((x) => x.text_body).join()).toContain('The transfer is not in our statement');
    const approveRejected = await call('POST', `/api/admin/payments/${id}/approve`, finance, { amount: 5000, method: 'transfer', version: 2 });
    expect([approveRejected.statusCode, approveRejected.json().code]).toEqual([409, 'PAYMENT_NOT_PENDING']);
    expect((await upload(m.headers, { amount: '5000' }, { data: await png(), filename: 'p.png', contentType: 'image/png' })).statusCode).toBe(201);
  });

  it('a cash payment is recorded approved with the next receipt; voided with a reason it stops counting, keeps its number and is never deleted', async () => {
    const m = await signedInMember(t.app, { name: 'Cash Payer', verified: false });
    expect((await call('GET', '/api/membership/me', m.headers)).json().current.status).toBe('not_verified');
    const noMember = await call('POST', '/api/admin/payments', finance, { user_id: '00000000-0000-4000-8000-000000000000', amount: 5000 });
    expect([noMember.statusCode, noMember.json().code]).toEqual([404, 'PAYMENT_MEMBER_NOT_FOUND']);
    const cash = await call('POST', '/api/admin/payments', finance, { user_id: m.user.id, amount: 5000 });
    expect(cash.statusCode).toBe(201);
    const payment = cash.json().payment;
    expect(payment).toMatchObject({ status: 'approved', method: 'cash', receipt_number: 'AESA-2026-2027-0002', recorded_by_name: 'Tola Treasurer', has_proof: false });
    expect((await call('GET', '/api/membership/me', m.headers)).json().current.status).toBe('financial');
    const twice = await call('POST', '/api/admin/payments', finance, { user_id: m.user.id, amount: 5000 });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'PAYMENT_MEMBER_ALREADY_FINANCIAL']);

    const voidPending = await call('POST', `/api/admin/payments/${payment.id}/void`, finance, { reason: 'Counted twice at the desk', version: 1 });
    expect([voidPending.statusCode, voidPending.json().code]).toEqual([409, 'EDIT_CONFLICT']);
    const voided = await call('POST', `/api/admin/payments/${payment.id}/void`, finance, { reason: 'Counted twice at the desk', version: payment.version });
    expect(voided.json().payment).toMatchObject({ status: 'void', reason: 'Counted twice at the desk', receipt_number: 'AESA-2026-2027-0002' });
    expect((await call('GET', '/api/membership/me', m.headers)).json().current.status).toBe('not_verified');
    const voidAgain = await call('POST', `/api/admin/payments/${payment.id}/void`, finance, { reason: 'again', version: payment.version + 1 });
    expect([voidAgain.statusCode, voidAgain.json().code]).toEqual([409, 'PAYMENT_NOT_APPROVED']);
    expect((await mailsTo(m.user.email)).map((x) => x.subject).join()).toContain('voided');

    // Paid again: a new receipt number, never the voided one.
    await t.app.db.update(memberRoles).set({ verified_by_admin: true }).where(eq(memberRoles.user_id, m.user.id));
    const again = await call('POST', '/api/admin/payments', finance, { user_id: m.user.id, amount: 5000, method: 'pos', reference: 'POS-9' });
    expect(again.json().payment.receipt_number).toBe('AESA-2026-2027-0003');
    const all = await t.app.db.select().from(payments).where(eq(payments.user_id, m.user.id));
    expect(all.map((p) => p.status).sort()).toEqual(['approved', 'void']);
  });

  it('the figures count approved payments only', async () => {
    const res = (await call('GET', `/api/admin/payments?session=${current.id}`, finance)).json();
    const approved = res.payments.filter((p: { status: string }) => p.status === 'approved');
    const pending = res.payments.filter((p: { status: string }) => p.status === 'pending');
    expect(res.figures).toEqual({
      financial_members: new Set(approved.map((p: { user_id: string }) => p.user_id)).size,
      pending: pending.length,
      total_collected: approved.reduce((s: number, p: { amount: number }) => s + p.amount, 0),
    });
    expect(res.figures.financial_members).toBe(2);
    expect(res.figures.total_collected).toBe(10000);
    const voids = (await call('GET', `/api/admin/payments?session=${current.id}&status=void`, finance)).json().payments;
    expect(voids).toHaveLength(1);
  });

  it('20 parallel approvals of one payment give one approval and one receipt number; the rest 409', async () => {
    const m = await signedInMember(t.app);
    const id = (await upload(m.headers, { amount: '5000' }, { data: await png(), filename: 'p.png', contentType: 'image/png' })).json().payment.id;
    const before = (await t.app.db.execute<{ n: number }>(sql`select receipts_issued as n from academic_sessions where id = ${current.id}`)).rows[0]!.n;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', `/api/admin/payments/${id}/approve`, finance, { amount: 5000, method: 'transfer', version: 1 })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'EDIT_CONFLICT', current: { id, status: 'approved', version: 2 } });
    const after = (await t.app.db.execute<{ n: number }>(sql`select receipts_issued as n from academic_sessions where id = ${current.id}`)).rows[0]!.n;
    expect(after).toBe(before + 1);
    const [row] = await t.app.db.select().from(payments).where(eq(payments.id, id));
    expect(row).toMatchObject({ status: 'approved', version: 2, receipt_number: `AESA-2026-2027-${String(after).padStart(4, '0')}` });
    expect(await mailsTo(m.user.email)).toHaveLength(1);
    const { rows } = await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'POST /api/admin/payments/:id/approve' and target_id = ${id} and outcome = 'ok'`);
    expect(rows[0]!.n).toBe(1);
  });

  it('no current session: proofs and cash payments are refused', async () => {
    await t.app.db.execute(sql`update academic_sessions set is_current = false`);
    try {
      const m = await signedInMember(t.app);
      const up = await upload(m.headers, { amount: '5000' }, { data: await png(), filename: 'p.png', contentType: 'image/png' });
      expect([up.statusCode, up.json().code]).toEqual([409, 'PAYMENT_NO_CURRENT_SESSION']);
      const cash = await call('POST', '/api/admin/payments', finance, { user_id: m.user.id, amount: 5000 });
      expect([cash.statusCode, cash.json().code]).toEqual([409, 'PAYMENT_NO_CURRENT_SESSION']);
      expect((await call('GET', '/api/membership/me', m.headers)).json().current).toBeNull();
    } finally {
      await t.app.db.execute(sql`update academic_sessions set is_current = true where id = ${current.id}`);
    }
    expect(treasurerId).toBeTruthy();
  });
});
