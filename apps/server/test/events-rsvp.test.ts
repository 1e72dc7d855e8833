import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, desc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RSVP_MSG } from '@aesa/shared/rsvp';
import { auditLog, mailOutbox } from '../src/db/schema.ts';
import { queueDueReminders } from '../src/modules/rsvp/rsvp.service.ts';
import { useTestApp } from './support/use-test-app.ts';
import { signedInAdmin, signedInMember } from './support/factories.ts';
import { refusal } from './support/refusal.ts';

// Members' answers to events: places, the waitlist in the order answers were taken, promotion
// when a place frees, closed sign-ups, events that take no answers, and the Attendees view and
// its export. The reminder and change e-mails over SMTP are in events-rsvp-mail.test.ts.

const t = useTestApp({ eventReminderTickMs: 0 });
type Member = Awaited<ReturnType<typeof signedInMember>>;
let eventAdmin: Member;

beforeAll(async () => {
  t.clock.set(new Date('2026-02-01T12:00:00Z'));
  eventAdmin = await signedInAdmin(t.app, ['is_event_admin'], { name: 'Events Officer' });
});

async function createEvent(extra: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/events',
    headers: eventAdmin.headers,
    payload: { title: 'Wind Tunnel Visit', description: 'A visit to the low-speed wind tunnel.', event_date: '2026-03-14T09:00:00Z', location: 'Hangar 1', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().event as { id: string; version: number; capacity: number | null; rsvp_open: boolean };
}

const put = (eventId: string, who: Member, answer: string) => t.app.inject({ method: 'PUT', url: `/api/events/${eventId}/rsvp`, headers: who.headers, payload: { answer } });
async function answer(eventId: string, who: Member, a: 'going' | 'not_going') {
  const res = await put(eventId, who, a);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rsvp: { answer: string; status: string; waitlist_place: number | null }; sign_ups: { going: number; waitlisted: number; places_left: number | null; open: boolean } };
}
const own = async (eventId: string, who: Member) => (await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/rsvp`, headers: who.headers })).json();
async function patch(eventId: string, payload: object) {
  const current = (await t.app.inject({ method: 'GET', url: `/api/admin/events/${eventId}`, headers: eventAdmin.headers })).json().event;
  const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/events/${eventId}`, headers: { ...eventAdmin.headers, 'if-match': `"${current.version}"` }, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().event;
}
async function attendees(eventId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/events/${eventId}/attendees`, headers: eventAdmin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { sign_ups: { going: number; waitlisted: number }; attendees: { user_id: string; name: string; status: string; waitlist_place: number | null; answer: string }[] };
}
/** Signed in one after the other: the sign-in queue turns a burst of password checks away (503), as it should. */
async function members(n: number, prefix = 'Member') {
  const made: Member[] = [];
  for (let i = 0; i < n; i++) made.push(await signedInMember(t.app, { name: `${prefix} ${i + 1}` }));
  return made;
}
const outboxFor = (userId: string, keyPrefix?: string) =>
  t.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.user_id, userId), keyPrefix ? like(mailOutbox.dedupe_key, `${keyPrefix}%`) : undefined));

describe('answers and the waitlist', () => {
  it('gives places up to the capacity, then a waitlist in order; a place freed goes to the first waiting, who is told by e-mail', async () => {
    const event = await createEvent({ capacity: 2 });
    const [a, b, c, d] = await members(4);
    expect(await own(event.id, a!)).toMatchObject({ rsvp: null, sign_ups: { open: true, capacity: 2, going: 0, places_left: 2 } });

    expect((await answer(event.id, a!, 'going')).rsvp).toMatchObject({ answer: 'going', status: 'going', waitlist_place: null });
    expect((await answer(event.id, b!, 'going')).sign_ups).toMatchObject({ going: 2, places_left: 0 });
    expect((await answer(event.id, c!, 'going')).rsvp).toMatchObject({ status: 'waitlisted', waitlist_place: 1 });
    expect((await answer(event.id, d!, 'going')).rsvp).toMatchObject({ status: 'waitlisted', waitlist_place: 2 });
    // Saying Going again keeps one's place in the queue.
    expect((await answer(event.id, c!, 'going')).rsvp).toMatchObject({ status: 'waitlisted', waitlist_place: 1 });

    const freed = await answer(event.id, a!, 'not_going');
    expect(freed.rsvp).toMatchObject({ answer: 'not_going', status: 'not_going', waitlist_place: null });
    expect(freed.sign_ups).toMatchObject({ going: 2, waitlisted: 1, places_left: 0 });
    expect((await own(event.id, c!)).rsvp).toMatchObject({ status: 'going', waitlist_place: null });
    expect((await own(event.id, d!)).rsvp).toMatchObject({ status: 'waitlisted', waitlist_place: 1 });
    const [mail] = await outboxFor(c!.user.id);
    expect(mail).toMatchObject({ to_address: c!.user.email, kind: 'event_updates', subject: 'You have a place at Wind Tunnel Visit' });
    expect(await outboxFor(d!.user.id)).toEqual([]);

    // Changing one's mind to Going again goes to the end of the queue.
    expect((await answer(event.id, a!, 'going')).rsvp).toMatchObject({ status: 'waitlisted', waitlist_place: 2 });
    const list = await attendees(event.id);
    expect(list.attendees.map((r) => [r.name, r.status, r.waitlist_place])).toEqual([
      ['Member 2', 'going', null],
      ['Member 3', 'going', null],
      ['Member 4', 'waitlisted', 1],
      ['Member 1', 'waitlisted', 2],
    ]);
  });

  it('20 members answering Going at once for the last place: exactly one gets it, 19 wait in one strict order', async () => {
    const event = await createEvent({ capacity: 3 });
    for (const m of await members(2, 'Early')) await answer(event.id, m, 'going');
    const racers = await members(20, 'Racer');
    const answers = await Promise.all(racers.map((m) => answer(event.id, m, 'going')));
    expect(answers.filter((a) => a.rsvp.status === 'going')).toHaveLength(1);
    const places = answers.filter((a) => a.rsvp.status === 'waitlisted').map((a) => a.rsvp.waitlist_place);
    expect([...places].sort((x, y) => x! - y!)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));

    const list = await attendees(event.id);
    expect(list.sign_ups).toMatchObject({ going: 3, waitlisted: 19 });
    // The list's waitlist is the order the answers were taken: each member's place as their answer said.
    const placeOf = new Map(racers.map((m, i) => [m.user.id, answers[i]!.rsvp.waitlist_place]));
    const waiting = list.attendees.filter((r) => r.status === 'waitlisted');
    expect(waiting.map((r) => r.waitlist_place)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    expect(waiting.map((r) => placeOf.get(r.user_id))).toEqual(waiting.map((r) => r.waitlist_place));
  });

  it('a raised capacity moves the waitlist up in order; no limit moves everyone up', async () => {
    const event = await createEvent({ capacity: 1 });
    const [a, b, c, d] = await members(4, 'Raise');
    for (const m of [a!, b!, c!, d!]) await answer(event.id, m, 'going');
    await patch(event.id, { capacity: 2 });
    expect((await own(event.id, b!)).rsvp.status).toBe('going');
    expect((await own(event.id, c!)).rsvp).toMatchObject({ status: 'waitlisted', waitlist_place: 1 });
    expect(await outboxFor(b!.user.id)).toHaveLength(1);

    // A lower capacity takes no place away: the going stay going, newcomers wait.
    await patch(event.id, { capacity: 1 });
    expect((await attendees(event.id)).sign_ups).toMatchObject({ going: 2, waitlisted: 2 });

    const unlimited = await patch(event.id, { capacity: null });
    expect(unlimited.capacity).toBeNull();
    const list = await attendees(event.id);
    expect(list.sign_ups).toMatchObject({ going: 4, waitlisted: 0 });
    expect(await outboxFor(d!.user.id)).toHaveLength(1);
  });
});

describe('when answers are refused', () => {
  it('closed sign-ups refuse Going but take Not going, whose freed place still goes to the waitlist', async () => {
    const event = await createEvent({ capacity: 1 });
    const [a, b, c] = await members(3, 'Closed');
    await answer(event.id, a!, 'going');
    await answer(event.id, b!, 'going');
    const closed = await patch(event.id, { rsvp_open: false });
    expect(closed.rsvp_open).toBe(false);

    const refused = await put(event.id, c!, 'going');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(refusal(RSVP_MSG.closed, 'RSVP_CLOSED'));
    expect((await own(event.id, c!)).rsvp).toBeNull();
    // Already waiting: saying Going again is no new answer and is not refused.
    expect((await answer(event.id, b!, 'going')).rsvp.waitlist_place).toBe(1);
    expect((await answer(event.id, c!, 'not_going')).rsvp.status).toBe('not_going');
    await answer(event.id, a!, 'not_going');
    expect((await own(event.id, b!)).rsvp.status).toBe('going');
    expect((await own(event.id, b!)).sign_ups.open).toBe(false);
  });

  it('cancelled, done and started events take no answers; bad input and unknown events are refused', async () => {
    const [m] = await members(1, 'Late');
    const cancelled = await createEvent({ status: 'cancelled' });
    const done = await createEvent({ status: 'done' });
    const started = await createEvent({ event_date: '2026-02-01T11:00:00Z' });
    const postponed = await createEvent({ status: 'postponed', event_date: '2026-01-20T11:00:00Z' });
    for (const [id, message, code] of [
      [cancelled.id, RSVP_MSG.cancelled, 'RSVP_EVENT_CANCELLED'],
      [done.id, RSVP_MSG.over, 'RSVP_EVENT_OVER'],
      [started.id, RSVP_MSG.over, 'RSVP_EVENT_OVER'],
    ] as const) {
      for (const a of ['going', 'not_going']) {
        const res = await put(id, m!, a);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual(refusal(message, code));
      }
    }
    // A postponed event keeps its answers open whatever its old date.
    expect((await answer(postponed.id, m!, 'going')).rsvp.status).toBe('going');

    expect((await put(postponed.id, m!, 'maybe')).json()).toEqual(refusal(RSVP_MSG.answerInvalid));
    expect((await put(randomUUID(), m!, 'going')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/events/${postponed.id}/rsvp`, payload: { answer: 'going' } })).statusCode).toBe(401);
    const zero = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/events/${postponed.id}`,
      headers: { ...eventAdmin.headers, 'if-match': `"${postponed.version}"` },
      payload: { capacity: 0 },
    });
    expect(zero.json()).toEqual(refusal(RSVP_MSG.capacityInvalid));
  });
});

describe('the Attendees view and its export', () => {
  it('events admins see and export the answers; other admins and members are refused; the download is audited', async () => {
    const event = await createEvent({ title: 'Rocketry Night!', capacity: 1 });
    const ada = await signedInMember(t.app, { name: 'Ada Obi', current_level: '200 Level', matric_number: 'AE/22/0001' });
    const ben = await signedInMember(t.app, { name: '=Ben Eze', current_level: '400 Level', matric_number: 'AE/20/0002' });
    const cy = await signedInMember(t.app, { name: 'Cy Dan', matric_number: 'AE/21/0003' });
    await answer(event.id, ada, 'going');
    await answer(event.id, ben, 'going');
    await answer(event.id, cy, 'not_going');

    const list = await attendees(event.id);
    expect(list.attendees.map((r) => ({ ...r, answered_at: undefined, user_id: undefined }))).toEqual([
      { name: 'Ada Obi', level: '200 Level', matric_number: 'AE/22/0001', answer: 'going', status: 'going', waitlist_place: null, checked_in_at: null },
      { name: '=Ben Eze', level: '400 Level', matric_number: 'AE/20/0002', answer: 'going', status: 'waitlisted', waitlist_place: 1, checked_in_at: null },
      { name: 'Cy Dan', level: '300 Level', matric_number: 'AE/21/0003', answer: 'not_going', status: 'not_going', waitlist_place: null, checked_in_at: null },
    ]);

    const url = `/api/admin/exports/event-attendees.csv?event=${event.id}`;
    const res = await t.app.inject({ method: 'GET', url, headers: eventAdmin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="event-attendees-rocketry-night-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parse(res.rawPayload, { bom: true }) as string[][];
    expect(header).toEqual(['Name', 'Matric number', 'Level', 'Answer', 'Status', 'Waitlist place', 'Answered at', 'Checked in at']);
    expect(rows.map((r) => r.slice(0, 6))).toEqual([
      ['Ada Obi', 'AE/22/0001', '200 Level', 'going', 'going', ''],
      ["'=Ben Eze", 'AE/20/0002', '400 Level', 'going', 'waitlisted', '1'],
      ['Cy Dan', 'AE/21/0003', '300 Level', 'not_going', 'not_going', ''],
    ]);
    expect(rows[0]![6]).toBe('2026-02-01T12:00:00.000Z');

    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.route, '/api/admin/exports/event-attendees.csv')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actor_name: 'Events Officer', summary: "exported an event's attendees", outcome: 'ok', details: { event: event.id } });

    const dataAdmin = await signedInAdmin(t.app, ['is_data_admin']);
    for (const who of [dataAdmin, ada]) {
      expect((await t.app.inject({ method: 'GET', url, headers: who.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/events/${event.id}/attendees`, headers: who.headers })).statusCode).toBe(403);
    }
    const unknown = await t.app.inject({ method: 'GET', url: `/api/admin/exports/event-attendees.csv?event=${randomUUID()}`, headers: eventAdmin.headers });
    expect(unknown.statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: '/api/admin/exports/event-attendees.csv', headers: eventAdmin.headers });
    expect(missing.json()).toEqual(refusal(RSVP_MSG.eventRequired));
  });
});

describe('what members who signed up are told', () => {
  it('a new date and a cancellation reach those going and waiting, once per edit; other edits and those not going get nothing', async () => {
    const event = await createEvent({ capacity: 1, title: 'Model Rocket Launch' });
    const [goer, waiter, absent] = await members(3, 'Told');
    await answer(event.id, goer!, 'going');
    await answer(event.id, waiter!, 'going');
    await answer(event.id, absent!, 'not_going');
    const subjects = async (m: Member) => (await outboxFor(m.user.id, 'event-change:')).map((r) => r.subject).sort();

    const moved = await patch(event.id, { event_date: '2026-03-21T09:00:00Z' });
    await patch(event.id, { title: 'Model Rocket Launch Day', description: 'Now with parachutes.', capacity: 1 });
    await patch(event.id, { status: 'cancelled' });
    for (const m of [goer!, waiter!]) expect(await subjects(m)).toEqual(['Cancelled: Model Rocket Launch Day', 'Changed: Model Rocket Launch']);
    expect(await subjects(absent!)).toEqual([]);
    const [dated] = await outboxFor(goer!.user.id, `event-change:${event.id}:${moved.version}:`);
    expect(dated!.text_body).toContain('It has a new date and time: 21 Mar 2026');
  });

  it('reminders: members with a place at an upcoming event within 24 hours, once; not the waitlist, a postponed event or one further off', async () => {
    // The job is given the moment it runs at; the app's own clock stays where the sessions are.
    const dayBefore = new Date('2026-02-10T12:00:00Z');
    const tomorrow = await createEvent({ title: 'Tomorrow Talk', event_date: '2026-02-11T10:00:00Z', capacity: 1 });
    const postponed = await createEvent({ title: 'Postponed Talk', event_date: '2026-02-11T10:00:00Z' });
    const later = await createEvent({ title: 'Later Talk', event_date: '2026-02-11T13:00:00Z' });
    const [a, b] = await members(2, 'Remind');
    for (const e of [tomorrow, postponed, later]) {
      await answer(e.id, a!, 'going');
      await answer(e.id, b!, 'going');
    }
    await patch(postponed.id, { status: 'postponed' });
    await queueDueReminders(t.app.db, t.app.config, dayBefore);
    await queueDueReminders(t.app.db, t.app.config, dayBefore);
    const reminders = async (m: Member) => (await outboxFor(m.user.id, 'event-reminder:')).map((r) => r.subject);
    expect(await reminders(a!)).toEqual(['Reminder: Tomorrow Talk is tomorrow']);
    expect(await reminders(b!)).toEqual([]);

    // 90 minutes on, the later event is due; moved to a new date, the first one is reminded of again.
    await patch(tomorrow.id, { event_date: '2026-02-11T11:00:00Z' });
    await queueDueReminders(t.app.db, t.app.config, new Date('2026-02-10T13:30:00Z'));
    expect((await reminders(a!)).sort()).toEqual(['Reminder: Later Talk is tomorrow', 'Reminder: Tomorrow Talk is tomorrow', 'Reminder: Tomorrow Talk is tomorrow']);
    expect((await reminders(b!)).sort()).toEqual(['Reminder: Later Talk is tomorrow']);
  });
});
