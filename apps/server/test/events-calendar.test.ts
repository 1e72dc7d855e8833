import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MSG } from '@aesa/shared/events';
import { useTestApp } from './support/use-test-app.ts';
import { signedInAdmin } from './support/factories.ts';
import { parseCalendar, rawLines } from './support/ical.ts';
import { refusal } from './support/refusal.ts';

// The calendar files: one event's "Add to calendar" download and the feed members subscribe to,
// read back with a real iCalendar parser (ical.js), never by matching strings.

const t = useTestApp();
const NOW = new Date('2026-04-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let eventH: Record<string, string>;
beforeAll(async () => {
  t.clock.set(NOW);
  eventH = (await signedInAdmin(t.app, ['is_event_admin'])).headers;
});

type Created = { id: string; version: number; event_date: string };
const create = async (payload: object): Promise<Created> => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/events', headers: eventH, payload: { title: 'Talk', description: 'A talk.', location: 'Hangar 2', event_date: '2026-05-01T09:00:00Z', ...payload } });
  expect(res.statusCode).toBe(201);
  return res.json().event;
};
const patch = async (event: Created, payload: object): Promise<Created> => {
  const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/events/${event.id}`, headers: eventH, payload: { ...payload, version: event.version } });
  expect(res.statusCode).toBe(200);
  return res.json().event;
};
const download = (id: string) => t.app.inject({ method: 'GET', url: `/api/events/${id}/calendar.ics` });
const feed = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/events.ics' });
  expect(res.statusCode).toBe(200);
  return parseCalendar(res.body);
};

describe("one event's calendar file", () => {
  it('is text/calendar named after the event, with a stable UID, and its SEQUENCE grows when the event is postponed and moved', async () => {
    const created = await create({ title: 'Drone Building Workshop', event_date: '2026-05-14T09:00:00+01:00' });
    const first = await download(created.id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.headers['content-disposition']).toBe('attachment; filename="drone-building-workshop.ics"');
    const [before] = parseCalendar(first.body).events;
    expect(before).toMatchObject({ uid: `${created.id}@portal.test`, summary: 'Drone Building Workshop', status: 'CONFIRMED', url: `http://portal.test/events/${created.id}` });
    expect(before!.start.toISOString()).toBe('2026-05-14T08:00:00.000Z');
    expect(before!.dtstamp?.toISOString()).toBe(NOW.toISOString());

    const postponed = await patch(created, { status: 'postponed' });
    const moved = await patch(postponed, { status: 'upcoming', event_date: '2026-06-02T15:30:00Z', location: 'Hangar 3' });
    const after = parseCalendar((await download(created.id)).body).events;
    expect(after).toHaveLength(1);
    expect(after[0]!.uid).toBe(before!.uid);
    expect(after[0]!.sequence).toBeGreaterThan(before!.sequence);
    expect(after[0]!.start.toISOString()).toBe(new Date(moved.event_date).toISOString());
    expect(after[0]!.location).toBe('Hangar 3');

    const missing = await download(randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(refusal(EVENT_MSG.notFound, 'EVENT_NOT_FOUND'));
  });

  it('keeps commas, semicolons, backslashes, line breaks and emoji through escaping and folding; every line is CRLF and at most 75 octets', async () => {
    const title = 'Rockets, drones; and \\ backslashes 🚀🛰️ — Ünïcödé night';
    const description = `${'Lorem ipsum, dolor; sit amet 🚀 '.repeat(30)}\nSecond line; with "quotes".\r\nThird, last.`;
    const created = await create({ title, description, location: 'Room 1; Block B, Faculty of Engineering' });
    const res = await download(created.id);
    const lines = rawLines(res.body);
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\r\n]/);
    }
    expect(lines.length).toBeGreaterThan(20); // the description was folded
    const [event] = parseCalendar(res.body).events;
    expect(event).toMatchObject({ summary: title, description: description.replace(/\r\n/g, '\n'), location: 'Room 1; Block B, Faculty of Engineering' });
    expect(res.headers['content-disposition']).toBe('attachment; filename="rockets-drones-and-backslashes-unicode-night.ics"');
  });
});

describe('the feed /events.ics', () => {
  it('holds upcoming events and those of the last 90 days, a cancelled one as CANCELLED, each under the UID of its own file', async () => {
    const old = await create({ title: 'Long Ago', event_date: new Date(NOW.getTime() - 91 * DAY).toISOString(), status: 'done' });
    const recent = await create({ title: 'Last Month', event_date: new Date(NOW.getTime() - 30 * DAY).toISOString() });
    const soon = await create({ title: 'Next Week', event_date: new Date(NOW.getTime() + 7 * DAY).toISOString() });

    const before = await feed();
    const uids = before.events.map((e) => e.uid);
    expect(uids).toContain(`${recent.id}@portal.test`);
    expect(uids).toContain(`${soon.id}@portal.test`);
    expect(uids).not.toContain(`${old.id}@portal.test`);
    expect(before.name).toBe('AESA Portal events');

    await patch(soon, { status: 'cancelled' });
    const after = (await feed()).events.find((e) => e.uid === `${soon.id}@portal.test`)!;
    const was = before.events.find((e) => e.uid === after.uid)!;
    expect(after.status).toBe('CANCELLED');
    expect(after.sequence).toBeGreaterThan(was.sequence);
    expect(after.start.toISOString()).toBe(was.start.toISOString());

    const res = await t.app.inject({ method: 'GET', url: '/events.ics' });
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(parseCalendar((await download(soon.id)).body).events[0]!.uid).toBe(after.uid);
  });
});
