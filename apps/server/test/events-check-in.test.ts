import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { CHECK_IN_MSG, MEMBERSHIP_CODE_PATTERN } from '@aesa/shared/check-in';
import { auditLog, users } from '../src/db/schema.ts';
import { membershipCode } from '../src/modules/check-in/membership-code.ts';
import type { AppConfig } from '../src/config.ts';
import { useTestApp } from './support/use-test-app.ts';
import { signedInAdmin, signedInMember } from './support/factories.ts';
import { refusal } from './support/refusal.ts';

const t = useTestApp();
let eventAdmin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  // 17:04 UTC is 18:04 in the association's zone (Africa/Lagos, UTC+1).
  t.clock.set(new Date('2026-03-14T17:04:00Z'));
  eventAdmin = await signedInAdmin(t.app, ['is_event_admin'], { name: 'Door Officer' });
});

async function newEvent(status = 'upcoming') {
  const payload = { title: `Rocketry Night ${randomBytes(2).toString('hex')}`, description: 'Launch demos.', event_date: '2026-03-14T19:00:00Z', location: 'Hangar 2', status };
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/events', headers: eventAdmin.headers, payload });
  expect(res.statusCode).toBe(201);
  return res.json().event.id as string;
}
const codeOf = async (headers: Record<string, string>, method: 'GET' | 'POST' = 'GET') => {
  const res = await t.app.inject({ method, url: '/api/profile/me/membership-code', headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { code: string; qr: string[]; message?: string };
};
const checkIn = (eventId: string, payload: object, headers = eventAdmin.headers) => t.app.inject({ method: 'POST', url: `/api/admin/events/${eventId}/check-in`, headers, payload });

describe('membership code', () => {
  it('is signed, names no personal data, stays the same until renewed, and renewing voids the old one', async () => {
    const m = await signedInMember(t.app, { name: 'Adaeze Okafor', matric_number: 'AES/2022/041' });
    const first = await codeOf(m.headers);
    expect(first.code).toMatch(MEMBERSHIP_CODE_PATTERN);
    for (const personal of [m.user.id, m.user.matric_number, m.user.email, m.user.name, 'AES', '2022']) expect(first.code).not.toContain(personal);
    expect(first.qr.length).toBeGreaterThan(20);
    expect(first.qr.every((row) => row.length === first.qr.length && /^[01]+$/.test(row))).toBe(true);
    expect((await codeOf(m.headers)).code).toBe(first.code);

    const renewed = await codeOf(m.headers, 'POST');
    expect(renewed.message).toBe(CHECK_IN_MSG.renewed);
    expect(renewed.code).not.toBe(first.code);
    expect((await codeOf(m.headers)).code).toBe(renewed.code);

    const eventId = await newEvent();
    const old = await checkIn(eventId, { code: first.code });
    expect([old.statusCode, old.json()]).toEqual([404, refusal(CHECK_IN_MSG.codeVoided, 'CHECK_IN_CODE_VOIDED')]);
    const now = await checkIn(eventId, { code: renewed.code });
    expect(now.statusCode).toBe(200);
    expect(now.json().check_in.member.id).toBe(m.user.id);
  });

  it('refuses forged, damaged and foreign codes before looking anyone up', async () => {
    const m = await signedInMember(t.app);
    const { code } = await codeOf(m.headers);
    const [prefix, codeId, tag] = code.split('.') as [string, string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const otherServer = { ...t.app.config, mfaSecretKey: randomBytes(32) } as AppConfig;
    const eventId = await newEvent();
    for (const forged of [
      `${prefix}.${codeId}.${flip(tag)}`, // signature changed
      `${prefix}.${flip(codeId)}.${tag}`, // another code id under this signature
      membershipCode(otherServer, codeId), // a real code id signed with another key
      `aesa2.${codeId}.${tag}`,
      'hello',
      '',
      code + 'x',
    ]) {
      const res = await checkIn(eventId, { code: forged });
      expect([res.statusCode, res.json()], forged).toEqual([400, refusal(CHECK_IN_MSG.codeInvalid, 'CHECK_IN_CODE_INVALID')]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/me/membership-code' })).statusCode).toBe(401);
  });
});

describe('check-in at the door', () => {
  it('checks a member in by code, says who it is, and a second scan says when they came in', async () => {
    const m = await signedInMember(t.app, { name: 'Tunde Bakare', current_level: '200 Level' });
    await t.app.db.update(users).set({ profile_image_url: '/uploads/profile/tunde.webp' }).where(eq(users.id, m.user.id));
    const { code } = await codeOf(m.headers);
    const eventId = await newEvent();

    const first = await checkIn(eventId, { code });
    expect(first.statusCode).toBe(200);
    const member = { id: m.user.id, name: 'Tunde Bakare', matric_number: m.user.matric_number, current_level: '200 Level', profile_image_url: '/uploads/profile/tunde.webp' };
    expect(first.json()).toEqual({
      success: true,
      already: false,
      message: CHECK_IN_MSG.checkedIn('Tunde Bakare'),
      check_in: { member, checked_in_at: '2026-03-14T17:04:00.000Z', via: 'code', checked_in_by: { id: eventAdmin.user.id, name: 'Door Officer' } },
    });

    t.clock.set(new Date('2026-03-14T17:30:00Z'));
    for (const again of [{ code }, { matric_number: m.user.matric_number }]) {
      const res = await checkIn(eventId, again);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ already: true, message: CHECK_IN_MSG.alreadyCheckedIn('18:04'), check_in: { checked_in_at: '2026-03-14T17:04:00.000Z', via: 'code' } });
    }

    const list = await t.app.inject({ method: 'GET', url: `/api/admin/events/${eventId}/check-ins`, headers: eventAdmin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ success: true, total: 1, data: [first.json().check_in] });
  });

  it('checks a member in by matric number as typed (any letter case); an unknown one is 404', async () => {
    const m = await signedInMember(t.app, { matric_number: `AES/2023/${randomBytes(3).toString('hex').toUpperCase()}` });
    const eventId = await newEvent();
    const res = await checkIn(eventId, { matric_number: `  ${m.user.matric_number.toLowerCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ already: false, check_in: { member: { id: m.user.id }, via: 'matric' } });

    expect(await checkIn(eventId, { matric_number: 'AES/1999/000' }).then((r) => [r.statusCode, r.json()])).toEqual([404, refusal(CHECK_IN_MSG.matricUnknown, 'CHECK_IN_MATRIC_UNKNOWN')]);
    for (const payload of [{}, { code: 'x', matric_number: m.user.matric_number }]) {
      expect(await checkIn(eventId, payload).then((r) => [r.statusCode, r.json()])).toEqual([400, refusal(CHECK_IN_MSG.codeOrMatric)]);
    }
    expect(await checkIn(eventId, { matric_number: ' ' }).then((r) => [r.statusCode, r.json()])).toEqual([400, refusal(CHECK_IN_MSG.matricRequired)]);
  });

  it('records one check-in when two phones scan the same code at once', async () => {
    const m = await signedInMember(t.app);
    const { code } = await codeOf(m.headers);
    const eventId = await newEvent();
    const answers = await Promise.all([checkIn(eventId, { code }), checkIn(eventId, { code }), checkIn(eventId, { matric_number: m.user.matric_number })]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((r) => r.json().already === false)).toHaveLength(1);
  });

  it('refuses an unknown event (404) and a cancelled one (409)', async () => {
    const m = await signedInMember(t.app);
    const unknown = await checkIn('7d0f4c9e-3b7a-4a51-9f0e-2f4d8f1a6b10', { matric_number: m.user.matric_number });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('EVENT_NOT_FOUND');
    const cancelled = await checkIn(await newEvent('cancelled'), { matric_number: m.user.matric_number });
    expect([cancelled.statusCode, cancelled.json()]).toEqual([409, refusal(CHECK_IN_MSG.eventCancelled, 'CHECK_IN_EVENT_CANCELLED')]);
  });

  it('refuses a plain member and an admin of another module, and audits both as denied', async () => {
    const eventId = await newEvent();
    const target = await signedInMember(t.app);
    const plain = await signedInMember(t.app);
    const dataAdmin = await signedInAdmin(t.app, ['is_data_admin']);
    for (const [who, code] of [[plain, 'ADMIN_NOT_AN_ADMIN'], [dataAdmin, 'ADMIN_MODULE_DENIED']] as const) {
      const res = await checkIn(eventId, { matric_number: target.user.matric_number }, who.headers);
      expect([res.statusCode, res.json().code]).toEqual([403, code]);
      const list = await t.app.inject({ method: 'GET', url: `/api/admin/events/${eventId}/check-ins`, headers: who.headers });
      expect(list.statusCode).toBe(403);
      const denied = await t.app.db.select().from(auditLog).where(and(eq(auditLog.actor_id, who.user.id), eq(auditLog.outcome, 'denied')));
      expect(denied.map((d) => d.action).sort()).toEqual([`GET /api/admin/events/:id/check-ins`, `POST /api/admin/events/:id/check-in`]);
    }
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/events/${eventId}/check-ins`, headers: eventAdmin.headers });
    expect(list.json().total).toBe(0);
  });
});

describe('attendance beside the answers', () => {
  it('the Attendees view and its CSV say when each member who answered was checked in', async () => {
    const eventId = await newEvent();
    const came = await signedInMember(t.app, { name: 'Came Along' });
    const stayed = await signedInMember(t.app, { name: 'Stayed Home' });
    for (const m of [came, stayed]) expect((await t.app.inject({ method: 'PUT', url: `/api/events/${eventId}/rsvp`, headers: m.headers, payload: { answer: 'going' } })).statusCode).toBe(200);
    t.clock.set(new Date('2026-03-14T17:10:00Z'));
    expect((await checkIn(eventId, { matric_number: came.user.matric_number })).statusCode).toBe(200);

    const view = await t.app.inject({ method: 'GET', url: `/api/admin/events/${eventId}/attendees`, headers: eventAdmin.headers });
    expect(view.json().attendees.map((r: { name: string; checked_in_at: string | null }) => [r.name, r.checked_in_at])).toEqual([
      ['Came Along', '2026-03-14T17:10:00.000Z'],
      ['Stayed Home', null],
    ]);
    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/exports/event-attendees.csv?event=${eventId}`, headers: eventAdmin.headers });
    const [header, ...rows] = parse(csv.rawPayload, { bom: true }) as string[][];
    expect(header!.at(-1)).toBe(CHECK_IN_MSG.checkedInAt);
    expect(rows.map((r) => [r[0], r.at(-1)])).toEqual([
      ['Came Along', '2026-03-14T17:10:00.000Z'],
      ['Stayed Home', ''],
    ]);
  });
});

describe('attended events on the profile', () => {
  it('are the owner’s to see; others see them only once the member turns them on', async () => {
    const m = await signedInMember(t.app);
    const viewer = await signedInMember(t.app);
    const eventId = await newEvent();
    expect((await checkIn(eventId, { matric_number: m.user.matric_number })).statusCode).toBe(200);
    const publicView = async (headers: Record<string, string> = {}) => (await t.app.inject({ method: 'GET', url: `/api/profile/${m.user.id}`, headers })).json().profile;
    const own = async () => (await t.app.inject({ method: 'GET', url: '/api/profile/me', headers: m.headers })).json().profile;

    expect(await own()).toMatchObject({ show_attended_events: false, attended_events: [{ id: eventId }] });
    expect(await publicView()).not.toHaveProperty('attended_events');
    expect(await publicView(viewer.headers)).not.toHaveProperty('attended_events');

    const on = await t.app.inject({ method: 'PATCH', url: '/api/profile/me', headers: m.headers, payload: { show_attended_events: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json().profile.show_attended_events).toBe(true);
    for (const headers of [{}, viewer.headers]) expect((await publicView(headers)).attended_events).toEqual([{ id: eventId, title: expect.stringMatching(/^Rocketry Night/), event_date: expect.any(String) }]);

    const bad = await t.app.inject({ method: 'PATCH', url: '/api/profile/me', headers: m.headers, payload: { show_attended_events: 'yes' } });
    expect([bad.statusCode, bad.json()]).toEqual([400, refusal(CHECK_IN_MSG.showAttendedInvalid)]);
  });
});
