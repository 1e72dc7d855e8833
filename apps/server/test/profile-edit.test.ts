import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS } from '@aesa/shared/constants';
import { MSG, SERVER_MSG } from '@aesa/shared/messages';
import { PROFILE_MSG, type OwnProfile } from '@aesa/shared/profile';
import { adminUsers, mailOutbox, memberRoles } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { login, PASSWORD, signedInMember, userRow } from './support/factories.ts';
import { refusal } from './support/refusal.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patchMe = (payload: unknown, headers: Record<string, string>) => t.app.inject({ method: 'PATCH', url: '/api/profile/me', payload: payload as object, headers });

describe('PATCH /api/profile/me', () => {
  it('requires a signed-in member', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/profile/me', payload: { bio: 'x' } });
    expect(res.statusCode).toBe(401);
  });

  it('updates the bio and answers the updated own profile', async () => {
    const m = await signedInMember(t.app);
    const res = await patchMe({ bio: '  Building a sounding rocket with friends.  ' }, m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.profileUpdated);
    const p: OwnProfile = res.json().profile;
    expect(p.bio).toBe('Building a sounding rocket with friends.');
    expect((await userRow(t.app, m.user.id))!.bio).toBe('Building a sounding rocket with friends.');
  });

  it('accepts a bio of exactly 2600 characters and refuses 2601', async () => {
    const m = await signedInMember(t.app);
    expect((await patchMe({ bio: 'a'.repeat(LIMITS.bioMax) }, m.headers)).statusCode).toBe(200);
    const res = await patchMe({ bio: 'b'.repeat(LIMITS.bioMax + 1) }, m.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(PROFILE_MSG.bioTooLong);
    expect((await userRow(t.app, m.user.id))!.bio).toBe('a'.repeat(LIMITS.bioMax));
  });

  it('clears the bio and the phone with an empty value', async () => {
    const m = await signedInMember(t.app);
    await patchMe({ bio: 'Something', phone_number: '+234 803 123 4567' }, m.headers);
    const res = await patchMe({ bio: '', phone_number: '' }, m.headers);
    expect(res.json().profile).toMatchObject({ bio: null, phone_number: null });
  });

  it('updates contact info from the settings form: name and phone at once, the e-mail only through the link sent to it', async () => {
    const m = await signedInMember(t.app);
    const res = await patchMe({ name: 'Ifeoma Chukwu', email: 'Ifeoma.Chukwu@Example.com', phone_number: '+234 803 555 0101', current_password: PASSWORD }, m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().pending_email).toBe('ifeoma.chukwu@example.com');
    expect(res.json().profile).toMatchObject({ name: 'Ifeoma Chukwu', email: m.user.email, phone_number: '+234 803 555 0101' });
  });

  it('tells the old address when an e-mail change is requested', async () => {
    const m = await signedInMember(t.app);
    await patchMe({ email: `new.${m.user.email}`, current_password: PASSWORD }, m.headers);
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, m.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`new.${m.user.email}`);
  });

  it('refuses an e-mail that another account uses with 409, changing nothing', async () => {
    const a = await signedInMember(t.app);
    const b = await signedInMember(t.app);
    const res = await patchMe({ name: 'Should Not Stick', email: a.user.email.toUpperCase(), current_password: PASSWORD }, b.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refusal(SERVER_MSG.emailTaken, 'AUTH_EMAIL_TAKEN'));
    const row = await userRow(t.app, b.user.id);
    expect(row!.email).toBe(b.user.email);
    expect(row!.name).toBe(b.user.name);
  });

  it('keeps its own e-mail without a conflict', async () => {
    const m = await signedInMember(t.app);
    expect((await patchMe({ name: 'Same Mail', email: m.user.email }, m.headers)).statusCode).toBe(200);
  });

  it('validates each field with a clear message', async () => {
    const m = await signedInMember(t.app);
    const cases: [object, string][] = [
      [{ name: '   ' }, MSG.nameRequired],
      [{ name: 'x'.repeat(LIMITS.nameMax + 1) }, PROFILE_MSG.nameTooLong],
      [{ email: '' }, MSG.emailRequired],
      [{ email: 'nope' }, MSG.emailInvalid],
      [{ phone_number: 'call me' }, PROFILE_MSG.phoneInvalid],
      [{ bio: 42 }, PROFILE_MSG.notText('Bio')],
      [{ current_level: '700 Level' }, PROFILE_MSG.levelInvalid],
      [{ enrollment_year: 'twenty' }, PROFILE_MSG.yearInvalid],
      [{ enrollment_year: 20 }, PROFILE_MSG.yearInvalid],
      [{}, PROFILE_MSG.nothingToUpdate],
    ];
    for (const [payload, message] of cases) {
      const res = await patchMe(payload, m.headers);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toBe(message);
    }
    const row = await userRow(t.app, m.user.id);
    expect(row).toMatchObject({ name: m.user.name, email: m.user.email, bio: null });
  });

  it('updates level and enrollment year', async () => {
    const m = await signedInMember(t.app);
    const res = await patchMe({ current_level: 'Alumni', enrollment_year: 2019 }, m.headers);
    expect(res.json().profile).toMatchObject({ current_level: 'Alumni', enrollment_year: 2019 });
  });

  it('ignores fields a member may not set (id, matric number, type, admin role, password hash, roles...) and never writes them', async () => {
    const m = await signedInMember(t.app);
    const before = await userRow(t.app, m.user.id);
    const sneaky = {
      id: '11111111-1111-4111-8111-111111111111',
      matric_number: 'HACKED/001',
      user_type: 'executive',
      admin_role: 'Super Admin',
      admin_type: 'super_admin',
      is_super_admin: true,
      password_hash: '$argon2id$v=19$m=19456,t=2,p=1$forged',
      password: 'new-password-123',
      email_verified_at: null,
      created_at: '2000-01-01T00:00:00Z',
      member_roles: [{ role_name: 'President', is_current: true, verified_by_admin: true }],
      profile_image_url: 'javascript:alert(1)',
    };
    // Only unknown fields: nothing to update.
    const onlySneaky = await patchMe(sneaky, m.headers);
    expect(onlySneaky.statusCode).toBe(400);
    expect(onlySneaky.json().error).toBe(PROFILE_MSG.nothingToUpdate);
    // Mixed with a real change: the change happens, the rest is ignored.
    const mixed = await patchMe({ ...sneaky, bio: 'Just my bio.' }, m.headers);
    expect(mixed.statusCode).toBe(200);
    const after = await userRow(t.app, m.user.id);
    expect(after!.bio).toBe('Just my bio.');
    for (const key of ['id', 'matric_number', 'user_type', 'password_hash', 'email_verified_at', 'created_at', 'profile_image_url', 'email', 'name'] as const) {
      expect(after![key], key).toEqual(before![key]);
    }
    expect(await t.app.db.select().from(adminUsers).where(eq(adminUsers.user_id, m.user.id))).toEqual([]);
    const roles = await t.app.db.select().from(memberRoles).where(eq(memberRoles.user_id, m.user.id));
    expect(roles.map((r) => r.role_name)).toEqual(['Members']);
    // The old password still works, the "new" one does not.
    await expect(login(t.app, m.user.matric_number, PASSWORD)).resolves.toBeTruthy();
    await expect(login(t.app, m.user.matric_number, 'new-password-123')).rejects.toThrow();
    const me: OwnProfile = (await t.app.inject({ method: 'GET', url: '/api/profile/me', headers: m.headers })).json().profile;
    expect(me.admin_type).toBeNull();
  });
});
