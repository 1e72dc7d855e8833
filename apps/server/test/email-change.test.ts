import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EMAIL_CHANGE_MSG, MSG, SERVER_MSG } from '@aesa/shared/messages';
import { PROFILE_MSG } from '@aesa/shared/profile';
import { loginFailures, mailOutbox } from '../src/db/schema.ts';
import { EMAIL_CHANGE_REQUESTS_PER_HOUR } from '../src/modules/profile/email-change.service.ts';
import { useTestAppWithMail } from './support/use-test-app.ts';
import { createMember, login, PASSWORD, signedInMember, userRow } from './support/factories.ts';
import type { ReceivedMail } from './support/smtp-sink.ts';
import { refusal } from './support/refusal.ts';

const { t, smtp } = useTestAppWithMail();

const HOUR = 3600_000;
const patchMe = (payload: object, headers: Record<string, string>) => t.app.inject({ method: 'PATCH', url: '/api/profile/me', payload, headers });
const confirm = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token }, headers });
const confirmToken = (mail: ReceivedMail) => {
  const match = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return match[1]!;
};
/** Every message queued for an address (whatever its delivery state). */
const outboxFor = (to: string) => t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, to));
const failures = (userId: string) => t.app.db.select().from(loginFailures).where(and(eq(loginFailures.user_id, userId), eq(loginFailures.kind, 'password')));
let n = 0;
const fresh = () => `changed-${Date.now().toString(36)}-${n++}@example.test`;

describe('changing the e-mail address', () => {
  it('without the current password: 400 with a clear message, and nothing changes or is sent', async () => {
    const m = await signedInMember(t.app);
    const target = fresh();
    const res = await patchMe({ name: 'New Name', email: target }, m.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(EMAIL_CHANGE_MSG.passwordRequired, 'EMAIL_CHANGE_PASSWORD_REQUIRED'));
    const empty = await patchMe({ email: target, current_password: '' }, m.headers);
    expect(empty.json().error).toBe(EMAIL_CHANGE_MSG.passwordRequired);
    expect(await userRow(t.app, m.user.id)).toMatchObject({ email: m.user.email, name: m.user.name });
    expect(await outboxFor(target)).toEqual([]);
    expect(await outboxFor(m.user.email)).toEqual([]);
  });

  it('with a wrong password: 400 "Current password is incorrect", counted by the per-account lockout, nothing changes', async () => {
    const m = await signedInMember(t.app);
    const target = fresh();
    const res = await patchMe({ phone_number: '+234 803 000 1111', email: target, current_password: 'not-my-password' }, m.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(SERVER_MSG.currentPasswordWrong);
    expect(await failures(m.user.id)).toHaveLength(1);
    expect((await userRow(t.app, m.user.id))!).toMatchObject({ email: m.user.email, phone_number: null });
    expect(await outboxFor(target)).toEqual([]);
    // The same lockout as the login: after 10 failures in 15 minutes, 429 even for the right password.
    for (let i = 0; i < 9; i++) await patchMe({ email: target, current_password: `wrong-${i}` }, m.headers);
    const locked = await patchMe({ email: target, current_password: PASSWORD }, m.headers);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(SERVER_MSG.accountLocked);
    // Counted per account and address (decision 058): the login from the same address is refused,
    // from another address the member still signs in.
    const signIn = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/auth/token', remoteAddress, payload: { matric_number: m.user.matric_number, password: PASSWORD } });
    expect((await signIn('127.0.0.1')).statusCode).toBe(429);
    expect((await signIn('10.9.9.9')).statusCode).toBe(200);
  });

  it('with the right password: name and phone at once, the e-mail pending; a link to the new address, a notice to the old', async () => {
    const m = await signedInMember(t.app);
    const target = fresh();
    const res = await patchMe({ name: 'Amaka Obi', phone_number: '+234 803 000 2222', email: target.toUpperCase(), current_password: PASSWORD }, m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: EMAIL_CHANGE_MSG.linkSent(target), pending_email: target });
    expect(res.json().profile).toMatchObject({ name: 'Amaka Obi', phone_number: '+234 803 000 2222', email: m.user.email });
    expect((await userRow(t.app, m.user.id))!.email).toBe(m.user.email);

    const link = await smtp.waitFor(target);
    expect(link.text).toContain(`http://portal.test/confirm-email?token=`);
    const notice = await smtp.waitFor(m.user.email);
    expect(notice.text).toContain(target);
    expect(notice.text).toMatch(/Nothing has changed yet/);

    const done = await confirm(confirmToken(link));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, message: EMAIL_CHANGE_MSG.confirmed(target), email: target });
    const row = (await userRow(t.app, m.user.id))!;
    expect(row.email).toBe(target);
    // The old address is told again, now that the change took effect.
    await expect.poll(async () => smtp.received.filter((r) => r.to.includes(m.user.email)).length, { timeout: 10_000 }).toBe(2);
    expect(smtp.received.filter((r) => r.to.includes(m.user.email))[1]!.subject).toMatch(/was changed/);
    // The new address now receives the password resets.
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: '10.8.8.8', payload: { email: target } });
    await expect.poll(async () => smtp.received.filter((r) => r.to.includes(target)).length, { timeout: 10_000 }).toBe(2);
  });

  it('the same address as now needs no password and sends nothing', async () => {
    const m = await signedInMember(t.app);
    const res = await patchMe({ name: 'Same Mail', email: m.user.email.toUpperCase() }, m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.profileUpdated);
    expect(res.json().pending_email).toBeUndefined();
    expect(await outboxFor(m.user.email)).toEqual([]);
  });

  it('a link works once', async () => {
    const m = await signedInMember(t.app);
    const target = fresh();
    await patchMe({ email: target, current_password: PASSWORD }, m.headers);
    const token = confirmToken(await smtp.waitFor(target));
    const [a, b] = await Promise.all([confirm(token), confirm(token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(EMAIL_CHANGE_MSG.tokenInvalid);
  });

  it('a link expires after 24 hours', async () => {
    const m = await signedInMember(t.app);
    const target = fresh();
    await patchMe({ email: target, current_password: PASSWORD }, m.headers);
    const token = confirmToken(await smtp.waitFor(target));
    t.clock.advance(24 * HOUR + 1000);
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(EMAIL_CHANGE_MSG.tokenInvalid);
    expect((await userRow(t.app, m.user.id))!.email).toBe(m.user.email);
  });

  it('a newer request voids the older link', async () => {
    const m = await signedInMember(t.app);
    const first = fresh();
    const second = fresh();
    await patchMe({ email: first, current_password: PASSWORD }, m.headers);
    const firstToken = confirmToken(await smtp.waitFor(first));
    await patchMe({ email: second, current_password: PASSWORD }, m.headers);
    const secondToken = confirmToken(await smtp.waitFor(second));
    expect((await confirm(firstToken)).statusCode).toBe(400);
    expect((await confirm(secondToken)).statusCode).toBe(200);
    expect((await userRow(t.app, m.user.id))!.email).toBe(second);
  });

  it('an address another account took meanwhile is refused at the link, and the account keeps its address', async () => {
    const m = await signedInMember(t.app);
    const target = fresh();
    await patchMe({ email: target, current_password: PASSWORD }, m.headers);
    const token = confirmToken(await smtp.waitFor(target));
    await createMember(t.app, { email: target });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(SERVER_MSG.emailTaken);
    expect((await userRow(t.app, m.user.id))!.email).toBe(m.user.email);
    expect((await confirm(token)).statusCode).toBe(400); // used up: ask again
  });

  it("following the link ends the account's other sessions; the session that follows it stays", async () => {
    const m = await signedInMember(t.app);
    const other = { authorization: `Bearer ${await login(t.app, m.user.matric_number)}` };
    const target = fresh();
    await patchMe({ email: target, current_password: PASSWORD }, m.headers);
    const res = await confirm(confirmToken(await smtp.waitFor(target)), m.headers);
    expect(res.json().signed_in).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: m.headers })).json().user.email).toBe(target);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: other })).statusCode).toBe(401);
  });

  it('followed without a session, it ends every session of the account', async () => {
    const m = await signedInMember(t.app);
    const target = fresh();
    await patchMe({ email: target, current_password: PASSWORD }, m.headers);
    const res = await confirm(confirmToken(await smtp.waitFor(target)));
    expect(res.json().signed_in).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: m.headers })).statusCode).toBe(401);
  });

  it('a password change cancels a pending change', async () => {
    const m = await signedInMember(t.app);
    const target = fresh();
    await patchMe({ email: target, current_password: PASSWORD }, m.headers);
    const token = confirmToken(await smtp.waitFor(target));
    const changed = await t.app.inject({ method: 'PUT', url: '/api/auth/update', headers: m.headers, payload: { current_password: PASSWORD, new_password: 'another-long-pass-9' } });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await userRow(t.app, m.user.id))!.email).toBe(m.user.email);
  });

  it('refuses a bad token with a clear message, and limits requests per hour', async () => {
    for (const token of ['', 'x'.repeat(201)]) {
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(EMAIL_CHANGE_MSG.tokenInvalid);
    }
    expect((await confirm('A'.repeat(43))).json().error).toBe(EMAIL_CHANGE_MSG.tokenInvalid);
    const m = await signedInMember(t.app);
    for (let i = 0; i < EMAIL_CHANGE_REQUESTS_PER_HOUR; i++) expect((await patchMe({ email: fresh(), current_password: PASSWORD }, m.headers)).statusCode).toBe(200);
    const over = await patchMe({ email: fresh(), current_password: PASSWORD, bio: 'not saved' }, m.headers);
    expect(over.statusCode).toBe(429);
    expect((await userRow(t.app, m.user.id))!.bio).toBeNull();
    t.clock.advance(HOUR + 1000);
    expect((await patchMe({ email: fresh(), current_password: PASSWORD }, m.headers)).statusCode).toBe(200);
  });

  it('keeps validating the address', async () => {
    const m = await signedInMember(t.app);
    const res = await patchMe({ email: 'not-an-address', current_password: PASSWORD }, m.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.emailInvalid);
    expect((await patchMe({ current_password: PASSWORD }, m.headers)).json().error).toBe(PROFILE_MSG.nothingToUpdate);
  });
});
