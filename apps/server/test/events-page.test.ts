import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MSG } from '@aesa/shared/events';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { signedInAdmin } from './support/factories.ts';
import { refusal } from './support/refusal.ts';

// The event's own page: GET /api/events/{id} for the app, and /events/{id} served as the app's
// index.html with the event's title, words and picture in its head for link previews.

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The portal of the association." />
    <title>AESA Portal</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let eventH: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({}, { indexHtml: INDEX_HTML });
  t.clock.set(new Date('2026-04-01T12:00:00Z'));
  eventH = (await signedInAdmin(t.app, ['is_event_admin'])).headers;
});
afterAll(() => t?.close());

const create = async (payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/events', headers: eventH, payload: { description: 'A talk.', location: 'Hangar 2', event_date: '2026-05-01T09:00:00Z', ...payload } });
  expect(res.statusCode).toBe(201);
  return res.json().event as { id: string; version: number; title: string };
};

const decode = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
/** The content of each <meta> of the head, by its name or property, decoded. */
function metaOf(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  return Object.fromEntries([...head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [m[1]!, decode(m[2]!)]));
}

describe('GET /api/events/{id}', () => {
  it('answers any event, a past one too, and 404 with its code for an unknown or malformed id', async () => {
    const past = await create({ title: 'Wind Tunnel Visit', event_date: '2026-01-10T09:00:00Z', status: 'done' });
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${past.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({ id: past.id, title: 'Wind Tunnel Visit', status: 'done', event_date: '2026-01-10T09:00:00.000Z' });

    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await t.app.inject({ method: 'GET', url: `/api/events/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(refusal(EVENT_MSG.notFound, 'EVENT_NOT_FOUND'));
    }
  });
});

describe('GET /events/{id}', () => {
  it('serves the app with the title, Open Graph tags and canonical address of the event, every value escaped', async () => {
    const title = `<script>alert("pwned")</script> Rocket & 'Drone' Night $& $1`;
    const event = await create({ title, description: `Bring "goggles" <b>and</b> gloves.\n\nSecond paragraph.`, flyer_image_url: '/uploads/event/3f1c2b9e-8a1d-4c55-9d2e-0b6f7a9c1d23.webp' });
    const res = await t.app.inject({ method: 'GET', url: `/events/${event.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>and');
    expect(html).toContain('<div id="root"></div>');

    const meta = metaOf(html);
    expect(meta).toMatchObject({
      'og:title': title,
      'og:description': 'Bring "goggles" <b>and</b> gloves. Second paragraph.',
      description: 'Bring "goggles" <b>and</b> gloves. Second paragraph.',
      'og:type': 'website',
      'og:url': `http://portal.test/events/${event.id}`,
      'og:image': 'http://portal.test/uploads/event/3f1c2b9e-8a1d-4c55-9d2e-0b6f7a9c1d23.webp',
    });
    // One title and one description: the app's generic ones are replaced.
    const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
    expect(titles).toEqual([`${title} · AESA Portal`]);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('without a flyer the picture is the drawing of the event kind, as an absolute PNG address', async () => {
    const event = await create({ title: 'Satellite Workshop', event_type: 'Workshop' });
    const meta = metaOf((await t.app.inject({ method: 'GET', url: `/events/${event.id}` })).body);
    expect(meta['og:image']).toBe('http://portal.test/share/event-workshop.png');
  });

  it("an unknown or malformed id gets the app's not-found page with a 404 status", async () => {
    for (const id of [randomUUID(), 'nope']) {
      const res = await t.app.inject({ method: 'GET', url: `/events/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(INDEX_HTML);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the event, its calendar file and the feed as public operations with their content types', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const event = doc.paths['/api/events/{id}'].get;
    expect(event).toMatchObject({ operationId: 'getEvent', security: [] });
    expect(event.summary).toBeTruthy();
    expect(Object.keys(event.responses['200'].content)).toEqual(['application/json']);
    for (const [path, operationId] of [['/api/events/{id}/calendar.ics', 'getEventCalendarFile'], ['/events.ics', 'getEventsFeed']] as const) {
      const op = doc.paths[path].get;
      expect(op, path).toMatchObject({ operationId, security: [] });
      expect(op.summary).toBeTruthy();
      expect(Object.keys(op.responses['200'].content)).toEqual(['text/calendar']);
    }
    expect(doc.paths['/events/{id}']).toBeUndefined();
  });
});
