import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { EVENT_MSG } from '@aesa/shared/events';
import { UPLOAD_MSG } from '@aesa/shared/uploads';
import { useTestApp } from './support/use-test-app.ts';
import { signedInAdmin, signedInMember } from './support/factories.ts';
import { multipart } from './support/multipart.ts';
import { refusal } from './support/refusal.ts';

const t = useTestApp();
let eventH: Record<string, string>;
beforeAll(async () => {
  t.clock.set(new Date('2026-02-01T12:00:00Z'));
  eventH = (await signedInAdmin(t.app, ['is_event_admin'])).headers;
});

const valid = {
  title: 'Drone Building Workshop',
  description: 'Hands-on quadcopter assembly for 200 and 300 level students.',
  event_date: '2026-03-14T10:00:00+01:00',
  location: 'Faculty of Engineering Auditorium',
};
const post = (payload: object, headers = eventH) => t.app.inject({ method: 'POST', url: '/api/admin/events', headers, payload });

describe('events', () => {
  it('creates an event with the defaults, edits it, and deletes it', async () => {
    const res = await post({ ...valid, event_type: 'Workshop', flyer_image_url: '/uploads/event/3f1c2b9e-8a1d-4c55-9d2e-0b6f7a9c1d23.webp', video_url: 'https://video.example.org/watch/123' });
    expect(res.statusCode).toBe(201);
    const event = res.json().event;
    expect(event).toMatchObject({ ...valid, event_date: '2026-03-14T09:00:00.000Z', status: 'upcoming', event_type: 'Workshop' });

    const patched = await t.app.inject({ method: 'PATCH', url: `/api/admin/events/${event.id}`, headers: eventH, payload: { status: 'postponed', location: 'Hangar 2', video_url: '', version: event.version } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().event).toMatchObject({ status: 'postponed', location: 'Hangar 2', video_url: null, title: valid.title });

    const all = await t.app.inject({ method: 'GET', url: '/api/admin/events', headers: eventH });
    expect(all.json().data.some((e: { id: string }) => e.id === event.id)).toBe(true);

    const ifMatch = { ...eventH, 'if-match': patched.headers.etag as string };
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/events/${event.id}`, headers: ifMatch })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/events/${event.id}`, headers: ifMatch })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/events/${randomUUID()}`, headers: eventH, payload: { title: 'x' } })).statusCode).toBe(404);
  });

  it('validates: title, description, event_date and location required; status from the list; URLs http(s) or our uploads', async () => {
    const cases: [object, string][] = [
      [{ ...valid, title: '' }, EVENT_MSG.titleRequired],
      [{ ...valid, title: undefined }, EVENT_MSG.titleRequired],
      [{ ...valid, description: ' ' }, EVENT_MSG.descriptionRequired],
      [{ ...valid, event_date: undefined }, EVENT_MSG.dateRequired],
      [{ ...valid, event_date: 'next friday' }, EVENT_MSG.dateInvalid],
      [{ ...valid, event_date: '2026-03-14T10:00' }, EVENT_MSG.dateInvalid],
      [{ ...valid, location: '' }, EVENT_MSG.locationRequired],
      [{ ...valid, status: 'soon' }, EVENT_MSG.statusInvalid],
      [{ ...valid, flyer_image_url: 'javascript:alert(1)' }, EVENT_MSG.flyerUrlInvalid],
      [{ ...valid, video_url: 'ftp://files.example.org/v.mp4' }, EVENT_MSG.videoUrlInvalid],
      [{ ...valid, flyer_image_url: '/uploads/../etc/passwd' }, EVENT_MSG.flyerUrlInvalid],
    ];
    for (const [payload, error] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(refusal(error));
    }
    const noop = await t.app.inject({ method: 'PATCH', url: `/api/admin/events/${randomUUID()}`, headers: eventH, payload: {} });
    expect(noop.statusCode).toBe(400);
  });

  it('public list: upcoming events soonest first by default, every event with scope=all, a status filter', async () => {
    const past = (await post({ ...valid, title: 'Past Seminar', event_date: '2026-01-10T10:00:00Z', status: 'done' })).json().event;
    const later = (await post({ ...valid, title: 'Rocketry Night', event_date: '2026-05-01T18:00:00Z' })).json().event;
    const sooner = (await post({ ...valid, title: 'Career Fair', event_date: '2026-02-20T09:00:00Z', status: 'cancelled' })).json().event;

    const upcoming = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(upcoming.statusCode).toBe(200);
    const ids = upcoming.json().data.map((e: { id: string }) => e.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(past.id);

    const all = (await t.app.inject({ method: 'GET', url: '/api/events?scope=all' })).json().data.map((e: { id: string }) => e.id);
    expect(all).toContain(past.id);
    const cancelled = (await t.app.inject({ method: 'GET', url: '/api/events?status=cancelled' })).json().data.map((e: { id: string }) => e.id);
    expect(cancelled).toEqual([sooner.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/events?status=nope' })).statusCode).toBe(400);

    // Time comes from the server clock: a month later the Career Fair is no longer upcoming.
    t.clock.set(new Date('2026-03-01T00:00:00Z'));
    const afterwards = (await t.app.inject({ method: 'GET', url: '/api/events' })).json().data.map((e: { id: string }) => e.id);
    expect(afterwards).not.toContain(sooner.id);
    expect(afterwards).toContain(later.id);
    t.clock.set(new Date('2026-02-01T12:00:00Z')); // back, so the sessions made at the start stay valid
  });

  it('only event admins (or super) manage events', async () => {
    const m = await signedInMember(t.app);
    const data = await signedInAdmin(t.app, ['is_data_admin']);
    expect((await post(valid, m.headers)).statusCode).toBe(403);
    expect((await post(valid, data.headers)).statusCode).toBe(403);
    expect((await post(valid, {})).statusCode).toBe(401);
  });
});

describe('admin image upload', () => {
  const photo = () => sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 80, b: 20 } } }).png().toBuffer();
  async function upload(headers: Record<string, string>, type: string | undefined, data: Buffer | string, via: 'field' | 'query' = 'field') {
    const body = multipart([...(type && via === 'field' ? [{ name: 'type', data: type }] : []), { name: 'file', filename: 'flyer.png', contentType: 'image/png', data }]);
    const url = via === 'query' && type ? `/api/admin/uploads/image?type=${type}` : '/api/admin/uploads/image';
    return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
  }

  it('stores a re-encoded flyer for an event admin, and the URL is accepted by the event form', async () => {
    const res = await upload(eventH, 'event', await photo());
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^\/uploads\/event\/[0-9a-f-]{36}\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: res.json().url })).statusCode).toBe(200);
    expect((await post({ ...valid, flyer_image_url: res.json().url })).statusCode).toBe(201);
  });

  it('checks the module of the upload type: event → event, candidate → electoral, article → editorial', async () => {
    const electoral = await signedInAdmin(t.app, ['is_electoral_admin']);
    const superA = await signedInAdmin(t.app, ['is_super_admin']);
    const m = await signedInMember(t.app);
    expect((await upload(eventH, 'candidate', await photo())).statusCode).toBe(403);
    expect((await upload(eventH, 'article', await photo(), 'query')).statusCode).toBe(403);
    expect((await upload(electoral.headers, 'candidate', await photo())).statusCode).toBe(200);
    expect((await upload(electoral.headers, 'event', await photo())).statusCode).toBe(403);
    expect((await upload(superA.headers, 'article', await photo())).statusCode).toBe(200);
    expect((await upload(m.headers, 'event', await photo())).statusCode).toBe(403);
    const unknown = await upload(eventH, 'profile', await photo());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(UPLOAD_MSG.unsupportedType);
    const notImage = await upload(eventH, 'event', 'plain text');
    expect(notImage.statusCode).toBe(415);
  });
});
