import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { academicSessions, auditLog, bulkEmails, executives, mailOutbox, memberRoles, payments, users } from '../src/db/schema.ts';
import { useTestApp } from './support/use-test-app.ts';
import { listen } from './support/elections.ts';
import { signedInAdmin } from './support/factories.ts';

// Every export opened by a real CSV parser: the byte-order mark, the header, the row count, the
// filters of its screen, cells that a spreadsheet would run as formulas neutralised, its access.

const t = useTestApp();
type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
let dataAdmin: Admin;
let superAdmin: Admin;
let emailAdmin: Admin;
let electoralAdmin: Admin;
let financeAdmin: Admin;
const hostile: Record<string, string> = {};

const get = (path: string, admin: Admin | null) => t.app.inject({ method: 'GET', url: `/api/admin/exports/${path}`, headers: admin ? admin.headers : {} });

/** The file parsed: its header and rows. Asserts what every export must be. */
async function csvOf(path: string, admin: Admin) {
  const res = await get(path, admin);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  const name = path.split('.csv')[0]!;
  expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${name}(-[0-9a-z-]+)?-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
  // UTF-8 with a byte-order mark, so Excel reads the accents.
  expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parse(res.rawPayload, { bom: true, relax_column_count: false }) as string[][];
  for (const row of [header!, ...rows]) {
    for (const cell of row) expect(cell, `${path}: ${row.join(' | ')}`).not.toMatch(/^[=+\-@\t\r]/);
  }
  return { header: header!, rows, text: res.rawPayload.toString('utf8') };
}

async function addMember(name: string, o: { level?: string; verified?: boolean; current?: boolean; email?: string } = {}) {
  const tag = randomUUID().slice(0, 8);
  const [u] = await t.app.db
    .insert(users)
    .values({ name, email: o.email ?? `x${tag}@example.test`, matric_number: `EX/${tag}`.toUpperCase(), current_level: o.level ?? '200 Level', enrollment_year: 2024 })
    .returning();
  await t.app.db.insert(memberRoles).values({ user_id: u!.id, role_name: 'Members', verified_by_admin: o.verified ?? false, is_current: o.current ?? true });
  return u!;
}

beforeAll(async () => {
  dataAdmin = await signedInAdmin(t.app, ['is_data_admin'], { name: 'Data Officer' });
  superAdmin = await signedInAdmin(t.app, ['is_super_admin'], { name: 'Super Officer' });
  emailAdmin = await signedInAdmin(t.app, ['is_email_admin']);
  electoralAdmin = await signedInAdmin(t.app, ['is_electoral_admin']);
  financeAdmin = await signedInAdmin(t.app, ['is_finance_admin']);
  // Names a spreadsheet would run as formulas, and one with accents (the byte-order mark's reason).
  for (const name of ['=HYPERLINK("http://evil.test","click")', '+1', '-2', '@x', '\tTabbed', 'Ọlá Adébáyọ̀']) {
    hostile[name] = (await addMember(name, { verified: name === '+1' || name === 'Ọlá Adébáyọ̀' })).id;
  }
});

describe('the members export', () => {
  it('lists the members with the fields data admins see, verification and financial status; the level filter; formulas neutralised', async () => {
    const [current] = await t.app.db.insert(academicSessions).values({ year: '2026-2027', starts_on: '2026-10-01', ends_on: '2027-09-30', dues_amount: 5000, is_current: true }).returning();
    const [past] = await t.app.db.insert(academicSessions).values({ year: '2025-2026', starts_on: '2025-10-01', ends_on: '2026-09-30', dues_amount: 4000 }).returning();
    const ola = hostile['Ọlá Adébáyọ̀']!;
    const plus = hostile['+1']!;
    await t.app.db.insert(payments).values([
      { user_id: ola, session_id: current!.id, amount: 5000, method: 'transfer', status: 'approved', receipt_number: '=AESA-1' },
      { user_id: plus, session_id: current!.id, amount: 5000, method: 'cash', status: 'rejected', reason: '-wrong amount' },
      { user_id: plus, session_id: past!.id, amount: 4000, method: 'cash', status: 'approved' },
    ]);

    const { header, rows, text } = await csvOf('members.csv?level=200', dataAdmin);
    expect(header).toEqual(['Name', 'Matric number', 'E-mail', 'Level', 'Enrolment year', 'Skills', 'Verified', 'Financial member for 2026-2027']);
    expect(rows).toHaveLength(6);
    expect(text).toContain('Ọlá Adébáyọ̀');
    const byName = (n: string) => rows.find((r) => r[0] === n)!;
    expect(byName("'=HYPERLINK(\"http://evil.test\",\"click\")")).toBeDefined();
    expect(byName("'-2")).toBeDefined();
    expect(byName("'@x")).toBeDefined();
    expect(byName("'\tTabbed")).toBeDefined();
    // Financial: an approved payment for the current session; a rejected one, or last session's, does not count.
    expect(byName('Ọlá Adébáyọ̀').slice(6)).toEqual(['yes', 'yes']);
    expect(byName("'+1").slice(6)).toEqual(['yes', 'no']);
    expect(byName("'-2").slice(6)).toEqual(['no', 'no']);
    expect(byName('Ọlá Adébáyọ̀')[2]).toMatch(/@example\.test$/);
    expect(byName('Ọlá Adébáyọ̀')[3]).toBe('200 Level');

    // Without a filter: every member (the admins made for the test too).
    const all = await csvOf('members.csv', dataAdmin);
    const [{ n }] = (await t.app.db.select({ n: count() }).from(users)) as [{ n: number }];
    expect(all.rows).toHaveLength(n);
    // Search, as the member picker's.
    expect((await csvOf('members.csv?search=hyperlink', dataAdmin)).rows).toHaveLength(1);
    // Nothing matching: the header alone.
    const none = await csvOf('members.csv?search=nobody-has-this-name', dataAdmin);
    expect(none.header).toHaveLength(8);
    expect(none.rows).toEqual([]);
  });

  it('is audited: who exported what, with the filter', async () => {
    await csvOf('members.csv?level=200&search=x', dataAdmin);
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.route, '/api/admin/exports/members.csv')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actor_name: 'Data Officer', summary: 'exported the members', target_name: 'search: x, level: 200', outcome: 'ok', details: { search: 'x', level: '200' } });
  });
});

describe('the other exports', () => {
  it('member roles, with the Member Roles screen’s filter', async () => {
    const { header, rows } = await csvOf('member-roles.csv?verified=false', dataAdmin);
    expect(header[0]).toBe('Name');
    const [{ n }] = (await t.app.db.select({ n: count() }).from(memberRoles).where(eq(memberRoles.verified_by_admin, false))) as [{ n: number }];
    expect(rows).toHaveLength(n);
    expect(rows.every((r) => r[6] === 'no')).toBe(true);
    expect((await csvOf('member-roles.csv?verified=true&search=%2B1', dataAdmin)).rows.map((r) => r[0])).toEqual(["'+1"]);
  });

  it('executives with their history (past records too)', async () => {
    const ola = hostile['Ọlá Adébáyọ̀']!;
    const minus = hostile['-2']!;
    await t.app.db.insert(executives).values([
      { user_id: minus, position: 'President', year: '2025-2026', is_current: false, end_date: new Date('2026-09-30T00:00:00Z'), created_at: new Date('2025-10-01T00:00:00Z') },
      { user_id: ola, position: 'President', year: '2026-2027', is_current: true, created_at: new Date('2026-10-01T00:00:00Z') },
      { user_id: ola, position: 'Secretary General', year: '2024-2025', is_current: false, end_date: new Date('2025-09-30T00:00:00Z'), created_at: new Date('2024-10-01T00:00:00Z') },
    ]);
    const { header, rows } = await csvOf('executives.csv', dataAdmin);
    expect(header.slice(0, 6)).toEqual(['Position', 'Name', 'Matric number', 'E-mail', 'Year', 'Holds the office now']);
    expect(rows.map((r) => [r[0], r[1], r[4], r[5]])).toEqual([
      ['President', 'Ọlá Adébáyọ̀', '2026-2027', 'yes'],
      ['President', "'-2", '2025-2026', 'no'],
      ['Secretary General', 'Ọlá Adébáyọ̀', '2024-2025', 'no'],
    ]);
  });

  it('payments of a session, with the status filter; an unknown or missing session is refused', async () => {
    const all = await csvOf('payments.csv?session=2026-2027', financeAdmin);
    expect(all.rows).toHaveLength(2);
    expect(all.header).toContain('Amount (NGN)');
    const approved = await csvOf('payments.csv?session=2026-2027&status=approved', superAdmin);
    expect(approved.rows.map((r) => [r[0], r[1], r[3], r[6]])).toEqual([["'=AESA-1", 'Ọlá Adébáyọ̀', '5000', 'approved']]);
    expect((await csvOf('payments.csv?session=2026-2027&status=rejected', superAdmin)).rows[0]![7]).toBe("'-wrong amount");
    expect((await csvOf('payments.csv?session=2025-2026', superAdmin)).rows).toHaveLength(1);
    const unknown = await get('payments.csv?session=2099-2100', superAdmin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('EXPORT_SESSION_NOT_FOUND');
    const missing = await get('payments.csv', superAdmin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('EXPORT_SESSION_REQUIRED');
  });

  it('the audit log, as filtered on its screen', async () => {
    await get('payments.csv?session=2026-2027', dataAdmin); // refused: a 'denied' entry
    const denied = await csvOf('audit-log.csv?outcome=denied', superAdmin);
    const [{ n }] = (await t.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.outcome, 'denied'))) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(denied.rows).toHaveLength(n);
    expect(denied.rows.every((r) => r[7] === 'denied')).toBe(true);
    const exportsByData = await csvOf(`audit-log.csv?actor=${dataAdmin.user.id}&action=exported`, superAdmin);
    const [{ m }] = (await t.app.db
      .select({ m: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actor_id, dataAdmin.user.id), eq(auditLog.outcome, 'ok'), eq(auditLog.method, 'GET')))) as [{ m: number }];
    expect(exportsByData.rows).toHaveLength(m);
    expect(exportsByData.rows.every((r) => r[1] === 'Data Officer' && r[2]!.startsWith('exported'))).toBe(true);
    const reversed = await get('audit-log.csv?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', superAdmin);
    expect(reversed.statusCode).toBe(400);
  });

  it('the recipients of a bulk e-mail', async () => {
    const [mail] = await t.app.db.insert(bulkEmails).values({ subject: 'Dues', body: 'Pay', recipients_count: 3 }).returning();
    const [other] = await t.app.db.insert(bulkEmails).values({ subject: 'Other', body: 'x', recipients_count: 1 }).returning();
    const [ola] = await t.app.db.select().from(users).where(eq(users.id, hostile['Ọlá Adébáyọ̀']!));
    const [at] = await t.app.db.select().from(users).where(eq(users.id, hostile['@x']!));
    await t.app.db.insert(mailOutbox).values([
      { to_address: ola!.email, subject: 'Dues', bulk_email_id: mail!.id, status: 'sent', sent_at: new Date() },
      { to_address: at!.email, subject: 'Dues', bulk_email_id: mail!.id, status: 'pending' },
      { to_address: '-someone@elsewhere.test', subject: 'Dues', bulk_email_id: mail!.id, status: 'failed' },
      { to_address: ola!.email, subject: 'Other', bulk_email_id: other!.id },
    ]);
    const { header, rows } = await csvOf(`bulk-email-recipients.csv?bulk_email=${mail!.id}`, emailAdmin);
    expect(header).toEqual(['Name', 'Matric number', 'E-mail', 'Status', 'Sent at']);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r[0] === 'Ọlá Adébáyọ̀')![3]).toBe('sent');
    expect(rows.find((r) => r[0] === "'@x")![3]).toBe('pending');
    expect(rows.find((r) => r[2] === "'-someone@elsewhere.test")![0]).toBe('');
    const unknown = await get(`bulk-email-recipients.csv?bulk_email=${randomUUID()}`, emailAdmin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('EXPORT_BULK_EMAIL_NOT_FOUND');
  });

  it('each export is refused to the wrong module (403) and to visitors (401)', async () => {
    const refusals: [string, Admin | null, number][] = [
      ['members.csv', null, 401],
      ['members.csv', electoralAdmin, 403],
      ['members.csv', emailAdmin, 403],
      ['member-roles.csv', electoralAdmin, 403],
      ['executives.csv', emailAdmin, 403],
      ['payments.csv?session=2026-2027', dataAdmin, 403],
      ['payments.csv?session=2026-2027', emailAdmin, 403],
      ['members.csv', financeAdmin, 403],
      ['audit-log.csv', dataAdmin, 403],
      [`bulk-email-recipients.csv?bulk_email=${randomUUID()}`, dataAdmin, 403],
    ];
    for (const [path, admin, status] of refusals) {
      const res = await get(path, admin);
      expect(res.statusCode, path).toBe(status);
      expect(res.headers['content-type']).toContain('application/json');
    }
    // Super admins pass every module; finance officers export the payments.
    expect((await get('members.csv', superAdmin)).statusCode).toBe(200);
    expect((await get('payments.csv?session=2026-2027', superAdmin)).statusCode).toBe(200);
    expect((await get('payments.csv?session=2026-2027', financeAdmin)).statusCode).toBe(200);
  });
});

describe('streaming', () => {
  it('a download cut short gives its database connection back (more cut downloads than the pool has connections)', async () => {
    // Enough rows that the file is still streaming when the client goes away.
    await t.app.db.execute(
      sql`insert into users (name, email, matric_number) select 'Stream Member ' || i, 'stream' || i || '@example.test', 'ST/' || lpad(i::text, 6, '0') from generate_series(1, 20000) as i`,
    );
    const base = new URL(await listen(t.app));
    const pool = t.app.database.pool;
    for (let i = 0; i < pool.options.max! + 3; i++) {
      // The first bytes of the file, then the client's connection is cut.
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host: base.hostname, port: base.port, path: '/api/admin/exports/members.csv', headers: dataAdmin.headers, agent: false }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => (req.destroyed ? resolve() : reject(err)));
      });
    }
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5000 }).toBe(0);
    await expect.poll(() => new Promise((r) => t.app.server.getConnections((_e, n) => r(n))), { timeout: 5000 }).toBe(0);
    const full = await get('members.csv?search=stream member 1999', dataAdmin);
    expect(full.statusCode).toBe(200);
    expect((parse(full.rawPayload, { bom: true }) as string[][]).length).toBe(1 + 11); // 1999, 19990 to 19999
  });
});
