// A new member's first week, on the server: completing the profile (name, level, enrolment year)
// puts them in the directory's filters at once; a data admin can correct level and year (audited);
// a member chooses per item whether signed-in members see their e-mail and phone, and visitors
// never get them in any answer.
import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { ENROLLMENT_YEARS } from '@aesa/shared/constants';
import type { MembersResponse } from '@aesa/shared/members';
import { PROFILE_MSG } from '@aesa/shared/profile';
import { auditLog, users } from '../src/db/schema.ts';
import { currentVersion } from './support/current-version.ts';
import { useTestApp } from './support/use-test-app.ts';
import { createMember, signedInAdmin, signedInMember, userRow } from './support/factories.ts';
import { allKeys } from './support/members-data.ts';
import { refusal } from './support/refusal.ts';

const t = useTestApp();

const patchMe = (payload: object, headers: Record<string, string>) => t.app.inject({ method: 'PATCH', url: '/api/profile/me', payload, headers });
const publicView = (id: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/profile/${id}`, headers });
const ownView = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/profile/me', headers })).json().profile;
async function directory(query: string): Promise<MembersResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/members${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (r: MembersResponse) => r.data.map((m) => m.id);

/** A member as sign-up leaves them: no name, no level, no year. */
async function newMember() {
  const m = await signedInMember(t.app);
  await t.app.db.update(users).set({ name: '', current_level: null, enrollment_year: null }).where(eq(users.id, m.user.id));
  return m;
}

describe('completing the profile', () => {
  it('puts the member in the directory level and year filters with the very next read', async () => {
    const m = await newMember();
    const year = ENROLLMENT_YEARS.at(-2)!;
    const search = `?search=${encodeURIComponent('Tolu First')}`;
    // The cache holds the filtered pages from before the change.
    expect(ids(await directory(`${search}&level=200`))).not.toContain(m.user.id);
    expect(ids(await directory(`?year=${year}&limit=100`))).not.toContain(m.user.id);

    const res = await patchMe({ name: ' Tolu First ', current_level: '200 Level', enrollment_year: year }, m.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({ name: 'Tolu First', current_level: '200 Level', enrollment_year: year });

    expect(ids(await directory(`${search}&level=200`))).toEqual([m.user.id]);
    expect(ids(await directory(`${search}&level=200%20Level&year=${year}`))).toEqual([m.user.id]);
    expect(ids(await directory(`${search}&level=300`))).toEqual([]);
    // The session's user (menus) has the name now.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: m.headers });
    expect(me.json().user.name).toBe('Tolu First');
  });

  it('refuses a year in the future, with its message, and changes nothing', async () => {
    const m = await newMember();
    const next = new Date().getUTCFullYear() + 1;
    const res = await patchMe({ name: 'Too Early', current_level: '100 Level', enrollment_year: next }, m.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(PROFILE_MSG.yearInFuture));
    expect(await userRow(t.app, m.user.id)).toMatchObject({ name: '', current_level: null, enrollment_year: null });
    // This year is fine.
    expect((await patchMe({ enrollment_year: next - 1 }, m.headers)).statusCode).toBe(200);
  });
});

describe('PATCH /api/admin/members/:id (a data admin corrects level and year)', () => {
  // A correction sends the version of the member's details as they are when it is made (decision 054).
  const correct = async (id: string, payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/members/${id}`, payload, headers: { ...headers, ...(await currentVersion(t.app, `/api/admin/members/${id}`)) } });

  it('sets level and year, answers the member, shows in the directory at once, and is audited', async () => {
    const admin = await signedInAdmin(t.app, ['is_data_admin']);
    const member = await createMember(t.app, { name: 'Kemi Corrected', current_level: '100 Level', enrollment_year: ENROLLMENT_YEARS[0] });
    expect(ids(await directory('?search=Kemi%20Corrected&level=Alumni'))).toEqual([]);

    const year = ENROLLMENT_YEARS[2]!;
    const res = await correct(member.id, { current_level: 'Alumni', enrollment_year: year }, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: ADMIN_MSG.memberDetailsSaved('Kemi Corrected'),
      member: { id: member.id, name: 'Kemi Corrected', matric_number: member.matric_number, current_level: 'Alumni', enrollment_year: year, version: 2 },
    });
    expect(await userRow(t.app, member.id)).toMatchObject({ name: 'Kemi Corrected', email: member.email, current_level: 'Alumni', enrollment_year: year });
    expect(ids(await directory(`?search=Kemi%20Corrected&level=Alumni&year=${year}`))).toEqual([member.id]);

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_id, admin.user.id), eq(auditLog.route, '/api/admin/members/:id')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ outcome: 'ok', target_id: member.id, target_type: 'member', target_name: 'Kemi Corrected', summary: 'corrected the level and year of member' });
    // Each field with its value before the correction (decision 055).
    expect(entry!.changes).toEqual([
      { field: 'current_level', value: 'Alumni', before: '100 Level' },
      { field: 'enrollment_year', value: year, before: ENROLLMENT_YEARS[0] },
    ]);
  });

  it('clears a value with null, and never writes any other field', async () => {
    const admin = await signedInAdmin(t.app, ['is_data_admin']);
    const member = await createMember(t.app);
    const res = await correct(member.id, { enrollment_year: null, name: 'Not Changed', email: 'x@example.test', show_email: true }, admin.headers);
    expect(res.json().member).toMatchObject({ current_level: '300 Level', enrollment_year: null });
    expect(await userRow(t.app, member.id)).toMatchObject({ name: member.name, email: member.email, show_email: false });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const admin = await signedInAdmin(t.app, ['is_data_admin']);
    const member = await createMember(t.app, { current_level: '300 Level', enrollment_year: 2022 });
    const cases: [object, string][] = [
      [{ current_level: '700 Level' }, PROFILE_MSG.levelInvalid],
      [{ enrollment_year: 'last year' }, PROFILE_MSG.yearInvalid],
      [{ enrollment_year: new Date().getUTCFullYear() + 1 }, PROFILE_MSG.yearInFuture],
      [{}, PROFILE_MSG.nothingToUpdate],
      [{ name: 'Only Ignored Fields' }, PROFILE_MSG.nothingToUpdate],
    ];
    for (const [payload, message] of cases) {
      const res = await correct(member.id, payload, admin.headers);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toBe(message);
    }
    expect(await userRow(t.app, member.id)).toMatchObject({ current_level: '300 Level', enrollment_year: 2022 });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await correct(id, { current_level: 'Alumni' }, admin.headers);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(refusal(ADMIN_MSG.userNotFound, 'MEMBER_NOT_FOUND'));
    }
  });

  it('is for data admins (and super admins) only', async () => {
    const member = await createMember(t.app, { current_level: '300 Level' });
    const events = await signedInAdmin(t.app, ['is_event_admin']);
    const plain = await signedInMember(t.app);
    const superAdmin = await signedInAdmin(t.app, ['is_super_admin']);
    expect((await correct(member.id, { current_level: 'Alumni' }, {})).statusCode).toBe(401);
    expect((await correct(member.id, { current_level: 'Alumni' }, plain.headers)).statusCode).toBe(403);
    expect((await correct(member.id, { current_level: 'Alumni' }, events.headers)).statusCode).toBe(403);
    expect((await userRow(t.app, member.id))!.current_level).toBe('300 Level');
    expect((await correct(member.id, { current_level: '400 Level' }, superAdmin.headers)).statusCode).toBe(200);
  });

  it('the user picker gives the enrolment year the correction form starts from', async () => {
    const admin = await signedInAdmin(t.app, ['is_data_admin']);
    const member = await createMember(t.app, { name: 'Picked Yusuf', enrollment_year: 2021 });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/picker/users?search=Picked%20Yusuf', headers: admin.headers });
    expect(res.json().users).toEqual([expect.objectContaining({ id: member.id, current_level: '300 Level', enrollment_year: 2021 })]);
  });
});

describe('contact details by choice', () => {
  async function sharer(phone: string | null = '+234 803 111 2222') {
    const m = await signedInMember(t.app);
    if (phone) await patchMe({ phone_number: phone }, m.headers);
    return m;
  }

  it('are hidden by default, from members and visitors alike', async () => {
    const owner = await sharer();
    const viewer = await signedInMember(t.app);
    expect(await ownView(owner.headers)).toMatchObject({ show_email: false, show_phone: false });
    for (const headers of [{}, viewer.headers, owner.headers]) {
      const res = await publicView(owner.user.id, headers);
      expect(res.statusCode).toBe(200);
      const keys = allKeys(res.json());
      for (const key of ['email', 'phone_number', 'show_email', 'show_phone']) expect(keys.has(key), key).toBe(false);
    }
  });

  it('a shared e-mail reaches signed-in members only; the phone stays hidden until it is shared too', async () => {
    const owner = await sharer();
    const viewer = await signedInMember(t.app);
    const res = await patchMe({ show_email: true }, owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({ show_email: true, show_phone: false });

    const seen = (await publicView(owner.user.id, viewer.headers)).json().profile;
    expect(seen.email).toBe(owner.user.email);
    expect('phone_number' in seen).toBe(false);
    // A visitor: the raw JSON carries neither, at any depth.
    const visitor = await publicView(owner.user.id);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain(owner.user.email);
    expect(allKeys(visitor.json()).has('email')).toBe(false);
    // An expired or made-up token is a visitor too.
    const forged = await publicView(owner.user.id, { authorization: `Bearer ${'x'.repeat(43)}` });
    expect(forged.body).not.toContain(owner.user.email);

    await patchMe({ show_phone: true }, owner.headers);
    expect((await publicView(owner.user.id, viewer.headers)).json().profile).toMatchObject({ email: owner.user.email, phone_number: '+234 803 111 2222' });
    const visitorAgain = await publicView(owner.user.id);
    expect(visitorAgain.body).not.toContain('803 111 2222');
    expect(allKeys(visitorAgain.json()).has('phone_number')).toBe(false);

    // Taking it back hides it again; the directory never carries either.
    await patchMe({ show_email: false, show_phone: false }, owner.headers);
    const after = (await publicView(owner.user.id, viewer.headers)).json().profile;
    expect('email' in after || 'phone_number' in after).toBe(false);
    await patchMe({ show_email: true, show_phone: true }, owner.headers);
    const listed = await t.app.inject({ method: 'GET', url: '/api/members?limit=100', headers: viewer.headers });
    expect(listed.body).not.toContain(owner.user.email);
    for (const key of ['email', 'phone_number']) expect(allKeys(listed.json()).has(key), key).toBe(false);
  });

  it('a shared phone the member has not given shows nothing', async () => {
    const owner = await sharer(null);
    const viewer = await signedInMember(t.app);
    await patchMe({ show_phone: true }, owner.headers);
    expect('phone_number' in (await publicView(owner.user.id, viewer.headers)).json().profile).toBe(false);
  });

  it('refuses a choice that is not true or false, and changes nothing', async () => {
    const owner = await sharer();
    for (const [payload, message] of [
      [{ show_email: 'yes' }, PROFILE_MSG.showEmailInvalid],
      [{ show_phone: 1 }, PROFILE_MSG.showPhoneInvalid],
      [{ show_email: null }, PROFILE_MSG.showEmailInvalid],
    ] as const) {
      const res = await patchMe(payload, owner.headers);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await userRow(t.app, owner.user.id)).toMatchObject({ show_email: false, show_phone: false });
  });
});
