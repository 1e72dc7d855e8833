import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { currentVersion } from './support/current-version.ts';
import { useTestApp } from './support/use-test-app.ts';
import { createMember, signedInAdmin } from './support/factories.ts';
import { refusal } from './support/refusal.ts';
import fs from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { academicSessions, executives } from '../src/db/schema.ts';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';

const t = useTestApp();
let dataH: Record<string, string>;
beforeAll(async () => {
  t.clock.set(new Date('2027-06-01T08:00:00Z'));
  dataH = (await signedInAdmin(t.app, ['is_data_admin'])).headers;
});

const assign = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/executives', headers: dataH, payload });
// A change sends the version of the record as it is when the call is made (decision 054).
const patch = async (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/executives/${id}`, headers: { ...dataH, ...(await currentVersion(t.app, `/api/admin/executives/${id}`)) }, payload });
const list = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/executives', headers: dataH })).json().executives as { id: string; user_id: string; position: string; held: boolean; is_current: boolean; end_date: string | null; year: string }[];

describe('executive assignment', () => {
  it('assigns for the session today falls in (none marked current), and refuses a member who holds another office with the spec text', async () => {
    // 1 June 2027, with no session marked current: the session that started on 1 September 2026.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/executives', headers: dataH })).json().default_year).toBe('2026-2027');
    const amaka = await createMember(t.app, { name: 'Amaka Okafor' });
    const res = await assign({ user_id: amaka.id, position: 'President' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      replaced: null,
      executive: { user_id: amaka.id, position: 'President', year: '2026-2027', is_current: true, end_date: null, held: true, users: { name: 'Amaka Okafor', matric_number: amaka.matric_number, email: amaka.email } },
    });

    const again = await assign({ user_id: amaka.id, position: 'Treasurer', year: '2026-2027' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(
      refusal('Amaka Okafor is already assigned to President. Please remove them from that position first or assign a different user.', 'EXECUTIVE_ALREADY_ASSIGNED'),
    );
    const same = await assign({ user_id: amaka.id, position: 'President' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe(ADMIN_MSG.executiveSameOffice('Amaka Okafor', 'President'));
  });

  it('assigning a held office ends the previous holder’s term now and names them', async () => {
    const first = await createMember(t.app, { name: 'Bola Adeyemi' });
    const second = await createMember(t.app, { name: 'Chidi Nnamdi' });
    const a = (await assign({ user_id: first.id, position: 'General Secretary', year: '2026-2027' })).json().executive;
    expect(a.year).toBe('2026-2027');
    t.clock.advance(60_000);
    const b = await assign({ user_id: second.id, position: 'General Secretary' });
    expect(b.statusCode).toBe(201);
    expect(b.json().replaced).toEqual({ id: a.id, user_id: first.id, name: 'Bola Adeyemi' });
    const rows = (await list()).filter((e) => e.position === 'General Secretary');
    expect(rows.filter((e) => e.held).map((e) => e.user_id)).toEqual([second.id]);
    const ended = rows.find((e) => e.id === a.id)!;
    expect(ended).toMatchObject({ is_current: false, held: false, end_date: t.clock().toISOString() });
    // The replaced member is free to take another office.
    expect((await assign({ user_id: first.id, position: 'Welfare Director' })).statusCode).toBe(201);
  });

  it('removal sets end_date to now (the record stays, past records are listed); the member can then take another office', async () => {
    const m = await createMember(t.app, { name: 'Dayo Falana' });
    const e = (await assign({ user_id: m.id, position: 'Sports Director' })).json().executive;
    const now = t.clock().toISOString();
    const removed = await patch(e.id, { end_date: now });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().executive).toMatchObject({ end_date: now, is_current: false, held: false });
    expect((await list()).some((x) => x.id === e.id)).toBe(true);
    expect((await assign({ user_id: m.id, position: 'Social Director' })).statusCode).toBe(201);
    // The public executives list (profiles module) agrees: the new office shows, the ended one not.
    const publicList = (await t.app.inject({ method: 'GET', url: '/api/executives' })).json();
    expect(publicList.data.filter((x: { user: { id: string } }) => x.user.id === m.id).map((x: { position: string }) => x.position)).toEqual(['Social Director']);
  });

  it('an end date in the future keeps the office held until then', async () => {
    const m = await createMember(t.app, { name: 'Efe Oghene' });
    const e = (await assign({ user_id: m.id, position: 'Public Relations Officer' })).json().executive;
    const inAWeek = new Date(t.clock().getTime() + 7 * 86_400_000).toISOString();
    expect((await patch(e.id, { end_date: inAWeek })).json().executive).toMatchObject({ is_current: true, held: true });
    expect((await assign({ user_id: m.id, position: 'Treasurer' })).statusCode).toBe(409);
    t.clock.advance(8 * 86_400_000);
    dataH = (await signedInAdmin(t.app, ['is_data_admin'])).headers; // the old session expired meanwhile
    expect((await list()).find((x) => x.id === e.id)!.held).toBe(false);
    expect((await assign({ user_id: m.id, position: 'Treasurer' })).statusCode).toBe(201);
  });

  it('edits the year; validates input', async () => {
    const m = await createMember(t.app);
    const e = (await assign({ user_id: m.id, position: 'Financial Secretary' })).json().executive;
    expect((await patch(e.id, { year: '2027-2028' })).json().executive.year).toBe('2027-2028');
    expect((await patch(e.id, { year: 'last year' })).json().error).toBe(ADMIN_MSG.yearInvalid);
    expect((await patch(e.id, {})).statusCode).toBe(400);
    expect((await patch(e.id, { end_date: 'tomorrow' })).json().error).toBe(ADMIN_MSG.endDateInvalid);
    expect((await patch(randomUUID(), { year: '2027-2028' })).statusCode).toBe(404);
    expect((await assign({ user_id: m.id, position: 'Chief Pilot' })).json().error).toBe(ADMIN_MSG.positionInvalid);
    expect((await assign({ position: 'President' })).json().error).toBe(ADMIN_MSG.userRequired);
    const unknown = await assign({ user_id: randomUUID(), position: 'President' });
    expect(unknown.statusCode).toBe(404);
  });

  it('accepts one year format, the session (2024-2025), and refuses every other with 400 and one message', async () => {
    const m = await createMember(t.app);
    const e = (await assign({ user_id: m.id, position: 'Welfare Director', year: '2024-2025' })).json().executive;
    expect(e.year).toBe('2024-2025');
    for (const year of ['2025-2026', ' 2027-2028 ']) {
      const res = await patch(e.id, { year });
      expect(res.statusCode, String(year)).toBe(200);
      expect(res.json().executive.year).toBe(String(year).trim());
    }
    for (const year of ['2025', 2027, '2024/2025', '2024-2026', '2025-2024', '24/25', '2024 - 2025', '2024-25', '', 'twenty', null]) {
      const res = await patch(e.id, { year });
      expect(res.statusCode, String(year)).toBe(400);
      expect(res.json()).toEqual(refusal(ADMIN_MSG.yearInvalid));
      const other = await createMember(t.app);
      const created = await assign({ user_id: other.id, position: 'Sports Director', year });
      expect(created.statusCode, String(year)).toBe(400);
      expect(created.json()).toEqual(refusal(ADMIN_MSG.yearInvalid));
    }
    expect((await list()).find((x) => x.id === e.id)!.year).toBe('2027-2028');
  });

  it('proposes the session Finance marked current once there is one, and assigns for it', async () => {
    await t.app.db.insert(academicSessions).values({ year: '2027-2028', starts_on: '2027-05-01', ends_on: '2028-04-30', dues_amount: 5000, is_current: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/executives', headers: dataH })).json().default_year).toBe('2027-2028');
    const m = await createMember(t.app);
    expect((await assign({ user_id: m.id, position: 'Financial Secretary' })).json().executive.year).toBe('2027-2028');
    await t.app.db.update(academicSessions).set({ is_current: false });
  });

  it('the migration to the one format rewrites years stored in older spellings and leaves the rest', async () => {
    const member = await createMember(t.app);
    const rows = await t.app.db
      .insert(executives)
      .values(['2024/2025', '2026', '2024/2026', 'Harmattan'].map((year) => ({ user_id: member.id, position: 'Sports Director', year, is_current: false })))
      .returning({ id: executives.id, version: executives.version });
    const file = fs.readFileSync(path.join(MIGRATIONS_DIR, '0031_session_years.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
    const after = await t.app.db.select({ year: executives.year, version: executives.version }).from(executives).where(inArray(executives.id, rows.map((r) => r.id)));
    expect(after.map((r) => r.year).sort()).toEqual(['2024-2025', '2024/2026', '2026-2027', 'Harmattan']);
    // A rewritten row has a new version, so an edit form opened before sees the change.
    expect(after.filter((r) => r.version === 2).map((r) => r.year).sort()).toEqual(['2024-2025', '2026-2027']);
  });

  it('concurrent assignments: one member cannot take two offices, one office ends with one holder', async () => {
    const m = await createMember(t.app);
    const both = await Promise.all([assign({ user_id: m.id, position: 'Assistant General Secretary' }), assign({ user_id: m.id, position: 'Vice President' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    const x = await createMember(t.app);
    const y = await createMember(t.app);
    await Promise.all([assign({ user_id: x.id, position: 'Treasurer' }), assign({ user_id: y.id, position: 'Treasurer' })]);
    expect((await list()).filter((e) => e.position === 'Treasurer' && e.held)).toHaveLength(1);
  });
});
