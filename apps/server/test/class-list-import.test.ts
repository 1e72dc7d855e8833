import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CLASS_LIST_MSG } from '@aesa/shared/class-list';
import { auditLog, classListEntries, memberRoles, users } from '../src/db/schema.ts';
import { useTestApp } from './support/use-test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';
import { multipart } from './support/multipart.ts';

const t = useTestApp();
let dataAdmin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  dataAdmin = await signedInAdmin(t.app, ['is_data_admin'], { name: 'Data Officer' });
});

const upload = (csv: string | Buffer, dryRun: boolean, headers: Record<string, string> = dataAdmin.headers) => {
  const form = multipart([{ name: 'file', filename: 'class-list.csv', contentType: 'text/csv', data: csv }]);
  return t.app.inject({ method: 'POST', url: `/api/admin/members/import?dry_run=${dryRun}`, headers: { ...headers, ...form.headers }, payload: form.payload });
};

/** Every row the import could touch, as one comparable snapshot. */
async function snapshot() {
  const roles = await t.app.db.select().from(memberRoles).orderBy(memberRoles.id);
  const people = await t.app.db.select({ id: users.id, name: users.name, level: users.current_level, updated: users.updated_at }).from(users).orderBy(users.id);
  const listed = await t.app.db.select().from(classListEntries).orderBy(classListEntries.matric_number);
  return { roles, people, listed };
}

const verifiedOf = async (userId: string) => {
  const roles = await t.app.db.select().from(memberRoles).where(eq(memberRoles.user_id, userId));
  return roles.some((r) => r.is_current && r.verified_by_admin);
};

describe('class list import', () => {
  it('needs the data admin permission (super passes; members and other admins are refused)', async () => {
    const csv = 'matric number,name,level\nAE/99/0001,Someone Here,100\n';
    const member = await signedInMember(t.app);
    const electoral = await signedInAdmin(t.app, ['is_electoral_admin']);
    const finance = await signedInAdmin(t.app, ['is_email_admin', 'is_event_admin', 'is_editorial_admin']);
    const superAdmin = await signedInAdmin(t.app, ['is_super_admin']);
    expect((await upload(csv, true, {})).statusCode).toBe(401);
    expect((await upload(csv, true, member.headers)).statusCode).toBe(403);
    expect((await upload(csv, false, electoral.headers)).statusCode).toBe(403);
    expect((await upload(csv, false, finance.headers)).statusCode).toBe(403);
    expect((await upload(csv, true, superAdmin.headers)).statusCode).toBe(200);
    expect(await t.app.db.select().from(classListEntries).where(eq(classListEntries.matric_number, 'AE/99/0001'))).toEqual([]);
  });

  it('previews row by row without changing anything, then applies exactly the matched and the unregistered, and a second apply changes nothing', async () => {
    const unverified = await createMember(t.app, { name: 'Tolu Adeyemi', matric_number: 'AE/22/1001', verified: false, current_level: '200 Level' });
    const verified = await createMember(t.app, { name: 'Ngozi Okonkwo', matric_number: 'AE/22/1002', verified: true, current_level: '300 Level' });
    const other = await createMember(t.app, { name: 'Chidi Obi', matric_number: 'AE/22/1003', verified: false });
    const notListed = await createMember(t.app, { name: 'Not Listed', matric_number: 'AE/22/1999', verified: false });
    // A BOM, Windows line ends, the usual header spellings, names in another order and case.
    const csv =
      '\uFEFFMatric No.,Full Name,Level,E-mail\r\n' +
      'ae/22/1001,"ADEYEMI,  tolu",300L,\r\n' + // row 2: matched, verify + level
      'AE/22/1002,Ngozi Okonkwo,300 Level,\r\n' + // row 3: matched, nothing to do
      'AE/22/1003,Emeka Nwosu,300,\r\n' + // row 4: conflict (another name)
      'AE/22/2001,Ada Lovelace,100 level,ada@example.test\r\n' + // row 5: not registered
      ',No Matric,100,\r\n' + // row 6: invalid
      'AE/22/2002,Bad Level,700,\r\n' + // row 7: invalid level
      'AE/22/2003,Bad Mail,100,not-an-address\r\n' + // row 8: invalid e-mail
      'AE/22/2001,Ada Lovelace,100,\r\n'; // row 9: duplicate of row 5

    const before = await snapshot();
    const preview = await upload(csv, true);
    expect(preview.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
    const body = preview.json();
    expect(body.dry_run).toBe(true);
    expect(body.counts).toEqual({ rows: 8, matched: 2, not_registered: 1, conflict: 1, invalid: 3, duplicate: 1, to_verify: 1, level_changes: 1, pre_verified: 1, changed: 2 });
    const byRow = Object.fromEntries(body.rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow[2]).toMatchObject({ kind: 'matched', matric_number: 'AE/22/1001', level: '300 Level', member: { id: unverified.id, verified: false }, changes: ['verify', 'level'] });
    expect(byRow[3]).toMatchObject({ kind: 'matched', member: { id: verified.id, verified: true }, changes: [] });
    expect(byRow[4]).toMatchObject({ kind: 'conflict', reason: CLASS_LIST_MSG.conflict('Chidi Obi'), member: { id: other.id }, changes: [] });
    expect(byRow[5]).toMatchObject({ kind: 'not_registered', matric_number: 'AE/22/2001', email: 'ada@example.test', changes: ['pre_verify'] });
    expect(byRow[6]).toMatchObject({ kind: 'invalid', reason: CLASS_LIST_MSG.matricMissing });
    expect(byRow[7]).toMatchObject({ kind: 'invalid', reason: CLASS_LIST_MSG.levelInvalid('700') });
    expect(byRow[8]).toMatchObject({ kind: 'invalid', reason: CLASS_LIST_MSG.emailInvalid('not-an-address') });
    expect(byRow[9]).toMatchObject({ kind: 'duplicate', reason: CLASS_LIST_MSG.duplicate(5) });

    const applied = await upload(csv, false);
    expect(applied.statusCode).toBe(200);
    expect(applied.json().counts).toEqual(body.counts);
    expect(applied.json().message).toBe(CLASS_LIST_MSG.applied(2));
    expect(await verifiedOf(unverified.id)).toBe(true);
    expect((await t.app.db.select().from(users).where(eq(users.id, unverified.id)))[0]!.current_level).toBe('300 Level');
    expect(await verifiedOf(other.id)).toBe(false); // a conflict is not applied
    expect(await verifiedOf(notListed.id)).toBe(false);
    const listed = await t.app.db.select().from(classListEntries);
    expect(listed.map((l) => l.matric_number)).toEqual(['AE/22/2001']); // invalid rows are not stored
    expect(listed[0]).toMatchObject({ name: 'Ada Lovelace', level: '100 Level', email: 'ada@example.test', imported_by: dataAdmin.user.id });

    // The audit trail: one entry with the counts.
    const entries = await t.app.db.select().from(auditLog).where(sql`${auditLog.route} = '/api/admin/members/import' and ${auditLog.details}->>'dry_run' = 'false'`);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.summary).toContain('imported the class list');
    expect(entries[0]!.details).toMatchObject({ changed: 2, matched: 2, conflict: 1, invalid: 3 });

    const afterFirst = await snapshot();
    const again = await upload(csv, false);
    expect(again.statusCode).toBe(200);
    expect(again.json().counts.changed).toBe(0);
    expect(again.json().message).toBe(CLASS_LIST_MSG.applied(0));
    expect(await snapshot()).toEqual(afterFirst);
  });

  it('verifies a pre-listed student at once when they register with that matric number', async () => {
    await upload('matric_number,surname,other names,level\nAE/23/3001,Bello,Amina Zainab,100\n', false);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'amina@example.test', matric_number: 'ae/23/3001' } });
    expect(res.statusCode).toBe(200);
    const [user] = await t.app.db.select().from(users).where(eq(users.matric_number, 'AE/23/3001'));
    expect(user).toMatchObject({ name: 'Bello Amina Zainab', current_level: '100 Level' });
    expect(await verifiedOf(user!.id)).toBe(true);
    // A student who is not on the list still waits for a data admin.
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'other@example.test', matric_number: 'AE/23/3999' } });
    const [unlisted] = await t.app.db.select().from(users).where(eq(users.matric_number, 'AE/23/3999'));
    expect(await verifiedOf(unlisted!.id)).toBe(false);
  });

  it('refuses a file it cannot read, with a code, and changes nothing', async () => {
    const before = await snapshot();
    const noFile = await t.app.inject({ method: 'POST', url: '/api/admin/members/import?dry_run=false', headers: { ...dataAdmin.headers, 'content-type': 'application/json' }, payload: {} });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('CLASS_LIST_FILE_REQUIRED');
    const noHeader = await upload('AE/1,Someone,100\n', false);
    expect(noHeader.json()).toMatchObject({ code: 'CLASS_LIST_NO_HEADER' });
    const noName = await upload('matric,level\nAE/1,100\n', false);
    expect(noName.json()).toMatchObject({ code: 'CLASS_LIST_MISSING_COLUMN', error: CLASS_LIST_MSG.missingColumn('name') });
    const latin1 = await upload(Buffer.from('matric,name\nAE/1,Ren\xe9\n', 'latin1'), false);
    expect(latin1.json()).toMatchObject({ code: 'CLASS_LIST_NOT_CSV' });
    const huge = await upload(Buffer.alloc(2 * 1024 * 1024 + 10, 'a'), false);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('CLASS_LIST_TOO_LARGE');
    expect(await snapshot()).toEqual(before);
  });
});
