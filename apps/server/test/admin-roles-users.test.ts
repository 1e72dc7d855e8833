import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { currentVersion } from './support/current-version.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';
import { refusal } from './support/refusal.ts';

let t: TestApp;
let superHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  superHeaders = (await signedInAdmin(t.app, ['is_super_admin'], { name: 'Chiamaka Obi' })).headers;
});
afterAll(() => t.close());

// A change or delete sends the version of the record as it is when the call is made (decision 054).
const call = async (method: string, url: string, payload?: unknown, headers = superHeaders) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, ...(method === 'GET' || method === 'POST' ? {} : await currentVersion(t.app, url)) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const superCount = async () =>
  (await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from admin_users au join admin_roles ar on ar.id = au.admin_role_id where ar.is_super_admin`)).rows[0]!.n;

describe('GET /api/admin/me', () => {
  it('answers all false for a member, the real flags for an admin, every module for super; 401 for a visitor', async () => {
    const member = await signedInMember(t.app);
    const me = (await call('GET', '/api/admin/me', undefined, member.headers)).json();
    expect(me).toMatchObject({ success: true, is_admin: false, role_name: null });
    expect(Object.values(me.flags).every((v) => v === false)).toBe(true);
    expect(Object.values(me.modules).every((v) => v === false)).toBe(true);

    const email = await signedInAdmin(t.app, ['is_email_admin']);
    const emailMe = (await call('GET', '/api/admin/me', undefined, email.headers)).json();
    expect(emailMe).toMatchObject({ is_admin: true, role_name: email.role.role_name });
    expect(emailMe.flags).toEqual({ is_super_admin: false, is_editorial_admin: false, is_data_admin: false, is_electoral_admin: false, is_event_admin: false, is_email_admin: true, is_finance_admin: false });
    expect(emailMe.modules).toEqual({ editorial: false, electoral: false, event: false, email: true, data: false, finance: false, super: false });

    const superMe = (await call('GET', '/api/admin/me')).json();
    expect(superMe.flags.is_super_admin).toBe(true);
    expect(Object.values(superMe.modules).every((v) => v === true)).toBe(true);

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
  });
});

describe('admin roles', () => {
  it('requires a role name', async () => {
    for (const body of [{}, { role_name: '' }, { role_name: '   ' }, { role_name: 42 }]) {
      const res = await call('POST', '/api/admin/roles', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal(ADMIN_MSG.roleNameRequired));
    }
  });

  it('creates, reads, edits and deletes a role; names are unique whatever their case', async () => {
    const created = await call('POST', '/api/admin/roles', { role_name: 'Events Team', description: 'Runs events', is_event_admin: true });
    expect(created.statusCode).toBe(201);
    const role = created.json().role;
    expect(role).toMatchObject({ role_name: 'Events Team', description: 'Runs events', is_event_admin: true, is_super_admin: false, is_email_admin: false, admin_users_count: 0 });

    const dup = await call('POST', '/api/admin/roles', { role_name: 'events team' });
    expect(dup.statusCode).toBe(409);
    // Said of the name: the role form shows it under that field.
    expect(dup.json()).toEqual(refusal(ADMIN_MSG.roleNameTaken, 'ADMIN_ROLE_NAME_TAKEN', { field: 'role_name' }));

    expect((await call('GET', `/api/admin/roles/${role.id}`)).json().role.role_name).toBe('Events Team');
    expect((await call('GET', '/api/admin/roles')).json().roles.some((r: { id: string }) => r.id === role.id)).toBe(true);

    const edited = await call('PATCH', `/api/admin/roles/${role.id}`, { role_name: 'Events & Outreach', is_email_admin: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().role).toMatchObject({ role_name: 'Events & Outreach', is_event_admin: true, is_email_admin: true });

    await call('POST', '/api/admin/roles', { role_name: 'Editors' });
    const clash = await call('PATCH', `/api/admin/roles/${role.id}`, { role_name: 'EDITORS' });
    expect(clash.statusCode).toBe(409);
    expect((await call('PATCH', `/api/admin/roles/${role.id}`, { role_name: '' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/roles/${role.id}`, {})).statusCode).toBe(400);

    expect((await call('DELETE', `/api/admin/roles/${role.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/roles/${role.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/admin/roles/${randomUUID()}`, { role_name: 'X' })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/roles/not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses to delete a role still held by admin users, with a clear message', async () => {
    const holder = await signedInAdmin(t.app, ['is_data_admin']);
    const res = await call('DELETE', `/api/admin/roles/${holder.role.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ADMIN_MSG.roleInUse(1));
    expect((await call('GET', `/api/admin/roles/${holder.role.id}`)).json().role.admin_users_count).toBe(1);
  });
});

describe('admin users', () => {
  it('requires both a user and a role, and checks they exist', async () => {
    const role = (await call('POST', '/api/admin/roles', { role_name: 'Data Desk', is_data_admin: true })).json().role;
    const member = await createMember(t.app);
    const missingUser = await call('POST', '/api/admin/users', { admin_role_id: role.id });
    expect(missingUser.statusCode).toBe(400);
    expect(missingUser.json().error).toBe(ADMIN_MSG.userRequired);
    const missingRole = await call('POST', '/api/admin/users', { user_id: member.id });
    expect(missingRole.statusCode).toBe(400);
    expect(missingRole.json().error).toBe(ADMIN_MSG.roleRequired);
    const unknownUser = await call('POST', '/api/admin/users', { user_id: randomUUID(), admin_role_id: role.id });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().error).toBe(ADMIN_MSG.userNotFound);
    const unknownRole = await call('POST', '/api/admin/users', { user_id: member.id, admin_role_id: randomUUID() });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().error).toBe(ADMIN_MSG.unknownRole);
  });

  it('makes a member an admin with one role, changes the role, and removes it; the permission follows at once', async () => {
    const dataRole = (await call('POST', '/api/admin/roles', { role_name: 'Records', is_data_admin: true })).json().role;
    const eventRole = (await call('POST', '/api/admin/roles', { role_name: 'Gatherings', is_event_admin: true })).json().role;
    const m = await signedInMember(t.app, { name: 'Tunde Bakare' });
    expect((await call('GET', '/api/admin/executives', undefined, m.headers)).statusCode).toBe(403);

    const created = await call('POST', '/api/admin/users', { user_id: m.user.id, admin_role_id: dataRole.id });
    expect(created.statusCode).toBe(201);
    const admin = created.json().admin;
    expect(admin).toMatchObject({
      user_id: m.user.id,
      admin_role_id: dataRole.id,
      users: { name: 'Tunde Bakare', email: m.user.email, matric_number: m.user.matric_number },
      admin_roles: { id: dataRole.id, role_name: 'Records', is_data_admin: true },
    });
    expect(admin.created_at).toBeTruthy();
    expect((await call('GET', '/api/admin/users')).json().admins.some((a: { id: string }) => a.id === admin.id)).toBe(true);
    expect((await call('GET', '/api/admin/executives', undefined, m.headers)).statusCode).toBe(200);

    const again = await call('POST', '/api/admin/users', { user_id: m.user.id, admin_role_id: eventRole.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ADMIN_MSG.alreadyAdmin);

    const moved = await call('PATCH', `/api/admin/users/${admin.id}`, { admin_role_id: eventRole.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().admin.admin_roles.role_name).toBe('Gatherings');
    expect((await call('GET', '/api/admin/executives', undefined, m.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/events', undefined, m.headers)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/users/${admin.id}`, { admin_role_id: randomUUID() })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/users/${admin.id}`, {})).statusCode).toBe(400);

    expect((await call('DELETE', `/api/admin/users/${admin.id}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/events', undefined, m.headers)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/users/${admin.id}`)).statusCode).toBe(404);
  });
});

describe('the last super admin', () => {
  /** Leaves exactly the given super admins (others lose their admin role directly in the database). */
  async function onlySupers(n: number) {
    await t.app.db.execute(sql`delete from admin_users where admin_role_id in (select id from admin_roles where is_super_admin)`);
    const supers = [];
    for (let i = 0; i < n; i++) supers.push(await signedInAdmin(t.app, ['is_super_admin']));
    const adminIds: string[] = [];
    for (const s of supers) {
      const { rows } = await t.app.db.execute<{ id: string }>(sql`select id from admin_users where user_id = ${s.user.id}`);
      adminIds.push(rows[0]!.id);
    }
    return supers.map((s, i) => ({ ...s, adminId: adminIds[i]! }));
  }

  it('cannot be removed, moved to another role, or demoted by editing or deleting the super role', async () => {
    const [only] = await onlySupers(1);
    const h = only!.headers;
    const plainRole = (await call('POST', '/api/admin/roles', { role_name: `Plain ${randomUUID()}`, is_event_admin: true }, h)).json().role;

    for (const res of [
      await call('DELETE', `/api/admin/users/${only!.adminId}`, undefined, h),
      await call('PATCH', `/api/admin/users/${only!.adminId}`, { admin_role_id: plainRole.id }, h),
      await call('PATCH', `/api/admin/roles/${only!.role.id}`, { is_super_admin: false }, h),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(refusal(ADMIN_MSG.lastSuperAdmin, 'ADMIN_LAST_SUPER_ADMIN'));
    }
    expect((await call('DELETE', `/api/admin/roles/${only!.role.id}`, undefined, h)).statusCode).toBe(409);
    expect(await superCount()).toBe(1);
    // Other edits of the super role still work.
    expect((await call('PATCH', `/api/admin/roles/${only!.role.id}`, { description: 'Keeps the keys' }, h)).statusCode).toBe(200);
  });

  it('one of two super admins can go; then the other is the last', async () => {
    const [a, b] = await onlySupers(2);
    expect((await call('DELETE', `/api/admin/users/${b!.adminId}`, undefined, a!.headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/users/${a!.adminId}`, undefined, a!.headers)).statusCode).toBe(409);
    expect(await superCount()).toBe(1);
  });

  it('two concurrent removals of the last two super admins: exactly one passes', async () => {
    for (let round = 0; round < 6; round++) {
      const [a, b] = await onlySupers(2);
      const results = await Promise.all([
        call('DELETE', `/api/admin/users/${a!.adminId}`, undefined, a!.headers),
        call('DELETE', `/api/admin/users/${b!.adminId}`, undefined, b!.headers),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await superCount()).toBe(1);
    }
  });

  it('two concurrent demotions (role flag off on each super role): exactly one passes', async () => {
    for (let round = 0; round < 6; round++) {
      const [a, b] = await onlySupers(2);
      const results = await Promise.all([
        call('PATCH', `/api/admin/roles/${a!.role.id}`, { is_super_admin: false }, a!.headers),
        call('PATCH', `/api/admin/roles/${b!.role.id}`, { is_super_admin: false }, b!.headers),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await superCount()).toBe(1);
    }
  });
});
