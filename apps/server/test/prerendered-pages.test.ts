import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, eventPreviewHtml, parseEventPreview } from '@aesa/shared/event-preview';
import { type PrerenderedPageName, PRERENDERED_PAGES, pageHtml, scriptsAfterPaint } from '../../web/scripts/prerendered-page.mjs';
import type { EventArt } from '../src/plugins/web-app.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { signedInAdmin } from './support/factories.ts';

// The public pages as the server sends them: the prerendered visitor's view (drawn here with the
// web app's own prerender and page assembly, as `npm run build` does) for each public path, the
// event page's frame with that event's head, and index.html everywhere else.

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The portal of the association." />
    <title>AESA Portal</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-dom-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Each public path, the page it gets, and the heading a visitor reads before any script runs. */
const PUBLIC_PATHS: Array<{ path: string; page: PrerenderedPageName; heading: string; title: string }> = [
  { path: '/', page: 'home', heading: "Aerospace Engineering Students' Association", title: "AESA Portal · Aerospace Engineering Students' Association" },
  { path: '/about', page: 'about', heading: 'About Us', title: 'About Us · AESA Portal' },
  { path: '/events', page: 'events', heading: 'Events', title: 'Events · AESA Portal' },
  { path: '/aerointel', page: 'aerointel', heading: 'AeroIntel', title: 'AeroIntel · AESA Portal' },
  { path: '/elections', page: 'elections', heading: 'AESA DECIDES', title: 'Elections · AESA Portal' },
  { path: '/members', page: 'members', heading: 'Meet Our Members', title: 'Meet Our Members · AESA Portal' },
];

const decode = (s: string) =>
  s.replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCharCode(Number.parseInt(n, 16))).replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
const h1Of = (html: string) => [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decode(m[1]!.replace(/<[^>]+>/g, '')));
const titlesOf = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.lastIndexOf('</body>'));

// The web app's prerender is JSX under the web app's compiler settings: loaded by address, so
// that the server's type check does not compile the web app.
const PRERENDER_ENTRY = '../../web/src/entry-prerender.tsx';
type Prerender = (url: string, drawnAt: Date) => Promise<{ html: string }>;

let t: TestApp;
let eventH: Record<string, string>;
let eventArt: EventArt;
const drawnAt = new Date('2026-04-01T12:00:00Z');
beforeAll(async () => {
  const { prerender, EVENT_ART } = (await import(PRERENDER_ENTRY)) as { prerender: Prerender; EVENT_ART: EventArt };
  eventArt = EVENT_ART;
  const prerendered: Partial<Record<PrerenderedPageName, string>> = {};
  for (const [page, { url, data, paintFromData }] of Object.entries(PRERENDERED_PAGES) as Array<[PrerenderedPageName, { url: string; data?: string[]; paintFromData?: boolean }]>) {
    const { html: rendered } = await prerender(`http://localhost${url}`, drawnAt);
    prerendered[page] = scriptsAfterPaint(pageHtml({ index: INDEX_HTML, page, rendered, drawnAt }), { paintFirst: '/assets/paint-first-abc.js', data, entryEarly: paintFromData });
  }
  t = await createTestApp({}, { indexHtml: INDEX_HTML, prerendered, eventArt });
  t.clock.set(drawnAt);
  eventH = (await signedInAdmin(t.app, ['is_event_admin'])).headers;
}, 60_000);
afterAll(() => t?.close());

describe('the public pages', () => {
  it.each(PUBLIC_PATHS)('$path is sent with its heading, title, top bar and footer already in the HTML', async ({ path, page, heading, title }) => {
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain(`<div id="root" data-prerendered="${page}" data-drawn-at="${drawnAt.toISOString()}">`);
    expect(h1Of(html)).toEqual([heading]);
    expect(titlesOf(html)).toEqual([title]);
    const root = decode(rootOf(html));
    for (const text of ['Skip to main content', 'Login', 'Join Us', 'Quick Links', 'All rights reserved.']) expect(root).toContain(text);
    // No inline script (the CSP allows none): the only script is the one that starts the app.
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script defer src="/assets/paint-first-abc.js" data-entry="/assets/index-abc.js" data-preload="/assets/react-dom-abc.js">',
    ]);
    // On the one list page the app draws (AeroIntel), the entry module alone is preloaded from the
    // head, at low priority (behind the stylesheet); elsewhere nothing of the script is: the Events
    // list is drawn by the server.
    const early = path === '/aerointel' ? ['<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/index-abc.js">'] : [];
    expect([...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0])).toEqual(early);
  });

  it('sends the members directory with a query as index.html, whose first render depends on the filters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/members?level=200' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('sends index.html for the other pages and keeps JSON 404s for files and the API', async () => {
    for (const url of ['/login', '/no-such-page', '/about/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toBe(INDEX_HTML);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/api/nothing', '/missing.js']) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('sends every page compressed as the browser accepts it: brotli first, then gzip, else as text', async () => {
    const event = await t.app.inject({ method: 'POST', url: '/api/admin/events', headers: eventH, payload: { title: 'Compressed Day', description: 'Smaller on the wire.', event_date: '2026-05-02T09:00:00Z', location: 'Hangar 3' } });
    const eventPath = `/events/${(event.json() as { event: { id: string } }).event.id}`;
    for (const url of [...PUBLIC_PATHS.map((p) => p.path), eventPath]) {
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      for (const [accept, encoding, decompress] of [
        ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
        ['gzip;q=1.0, br;q=0', 'gzip', zlib.gunzipSync],
        ['*', 'br', zlib.brotliDecompressSync],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
        expect(res.statusCode, `${url} ${accept}`).toBe(plain.statusCode);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(res.headers.vary, url).toBe('accept-encoding');
        expect(res.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 2);
        expect(decompress(res.rawPayload).toString('utf8'), `${url} ${accept}`).toBe(plain.body);
      }
      const refused = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity, br;q=0, gzip;q=0' } });
      expect(refused.headers['content-encoding'], url).toBeUndefined();
      expect(refused.body, url).toBe(plain.body);
    }
    // This test's index.html is under a kilobyte: not worth a compression step.
    const small = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(INDEX_HTML);
  });

  it('preloads the public answers a page is drawn from, in the mode of the app\'s fetch, and each answers a visitor', async () => {
    const preloadsOf = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g)].map((m) => m[1]!);
    const expected: Record<string, string[]> = { '/': ['/api/config', '/api/events'], '/events': ['/api/config', '/api/events'], '/aerointel': ['/api/config', '/api/articles'], '/about': [] };
    for (const [path, addresses] of Object.entries(expected)) {
      const html = (await t.app.inject({ method: 'GET', url: path })).body;
      expect(preloadsOf(html), path).toEqual(addresses);
      for (const address of addresses) {
        const res = await t.app.inject({ method: 'GET', url: address });
        expect(res.statusCode, address).toBe(200);
        expect(res.json(), address).toMatchObject({ success: true });
      }
    }
  });

  it('sends an event page as the prerendered event frame with that event drawn in it and its title and Open Graph tags', async () => {
    const title = `Rocket <b>&</b> 'Drone' Night </script> $&`;
    const description = 'Bring goggles.\n<img src=x onerror="alert(1)"> & "friends"';
    const res0 = await t.app.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: eventH,
      payload: { title, description, location: 'Hangar <2>', event_type: 'Hands-on Workshop', event_date: '2026-05-01T09:00:00Z' },
    });
    expect(res0.statusCode).toBe(201);
    const event = res0.json().event as { id: string };
    const res = await t.app.inject({ method: 'GET', url: `/events/${event.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<div id="root" data-prerendered="event-detail"');
    expect(titlesOf(html)).toEqual([`${title} · AESA Portal`]);
    expect(decode(html)).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain(`<meta property="og:url" content="http://portal.test/events/${event.id}" />`);
    // The whole event is readable before any script: picture (the kind's drawing, at its size),
    // status, heading, time in the association's zone, place and description, the loading card gone.
    const root = rootOf(html);
    expect(h1Of(html)).toEqual([title]);
    expect(root).toContain(`<img src="${escapeHtml(eventArt.workshop!)}" alt="" width="800" height="600" fetchpriority="high"`);
    const text = decode(root.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
    // The time on the association's clock (Africa/Lagos, UTC+1); ICU versions differ on the comma and the zone's name.
    expect(text).toMatch(/When Fri,? 1 May 2026 · 10:00 \((WAT|GMT\+1)\)/);
    for (const shown of ['Upcoming', 'Hands-on Workshop', 'Where Hangar <2>', 'About this event Bring goggles. <img src=x onerror="alert(1)"> & "friends"', 'Add to calendar']) {
      expect(text.toLowerCase()).toContain(shown.toLowerCase());
    }
    expect(text).not.toContain('Loading event...');
    // Nothing the event's author wrote becomes markup or ends the data block.
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<img src=x');
    // The data the app's first render draws from is the same event, and draws exactly this markup.
    const block = /<script type="application\/json" id="event-preview">([^<]*)<\/script>/.exec(html);
    const preview = parseEventPreview(block![1]!);
    expect(preview).toMatchObject({ id: event.id, title, location: 'Hangar <2>', description, status: 'upcoming', when: { iso: '2026-05-01T09:00:00.000Z' } });
    expect(root).toContain(`<div data-event-preview="">${eventPreviewHtml(preview!)}</div>`);
    // The event's own answer is fetched with the page.
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/events/${event.id}">`);
    // Still no script that runs, besides the one that starts the app.
    expect([...html.matchAll(/<script\b(?![^>]*type="application\/json")[^>]*>/g)]).toHaveLength(1);
    // An unknown event: the app's not-found page (index.html) with a 404.
    const missing = await t.app.inject({ method: 'GET', url: '/events/6f1c2b9e-8a1d-4c55-9d2e-0b6f7a9c1d23' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(INDEX_HTML);
  });

  it('draws a past event as done and a cancelled one as cancelled, with its flyer', async () => {
    const create = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/events', headers: eventH, payload: { description: 'What happened.', location: 'Hall A', ...payload } });
      expect(res.statusCode).toBe(201);
      return (res.json().event as { id: string }).id;
    };
    const past = await create({ title: 'Last term', event_date: '2026-02-01T15:30:00Z' });
    const cancelled = await create({ title: 'Called off', event_date: '2026-06-01T09:00:00Z', status: 'cancelled', flyer_image_url: 'https://example.org/flyer.png' });
    const pastHtml = (await t.app.inject({ method: 'GET', url: `/events/${past}` })).body;
    expect(pastHtml).toContain('bg-green-100 text-green-900">Done</span>');
    expect(pastHtml).toMatch(/>Sun,? 1 Feb 2026 · 16:30<\/time>/);
    expect(pastHtml).toContain(`<img src="${escapeHtml(eventArt.other!)}" alt=""`);
    const cancelledHtml = (await t.app.inject({ method: 'GET', url: `/events/${cancelled}` })).body;
    expect(cancelledHtml).toContain('bg-red-100 text-red-900">Cancelled</span>');
    expect(cancelledHtml).toContain('<img src="https://example.org/flyer.png" alt="Flyer for Called off" width="800" height="600"');
  });

  it('sends the Events page with the upcoming events drawn in, as the app\'s first request lists them, each card as a visitor sees it', async () => {
    const create = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/events', headers: eventH, payload: { description: 'Come along.', location: 'Hall B', ...payload } });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json().event as { id: string }).id;
    };
    const first = await create({ title: 'Drawn First', event_date: '2026-04-02T08:00:00Z', flyer_image_url: 'https://example.org/first.png' });
    const second = await create({
      title: 'Drawn <Second> & "Co"',
      event_date: '2026-04-03T08:00:00Z',
      event_type: 'Webinar',
      description: 'Line one\n<img src=x onerror="alert(1)">',
      video_url: 'https://example.org/watch',
    });
    const postponed = await create({ title: 'Drawn Postponed', event_date: '2026-04-04T08:00:00Z', status: 'postponed' });
    const cancelled = await create({ title: 'Drawn Cancelled', event_date: '2026-04-05T08:00:00Z', status: 'cancelled' });

    const res = await t.app.inject({ method: 'GET', url: '/events' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const root = rootOf(html);
    expect(root).toContain('<div data-event-list="drawn">');
    expect(root).not.toContain('Loading events...');
    expect(h1Of(html)).toEqual(['Events']);
    // The same events in the same order as the app's own first request, so its list replaces this one card for card.
    const api = (await t.app.inject({ method: 'GET', url: '/api/events' })).json().data as Array<{ id: string; title: string }>;
    const cards = [...root.matchAll(/<article id="event-([^"]+)"[\s\S]*?<\/article>/g)].map((m) => ({ id: m[1]!, html: m[0] }));
    expect(cards.map((c) => c.id)).toEqual(api.map((e) => e.id));
    expect(cards.slice(0, 4).map((c) => c.id)).toEqual([first, second, postponed, cancelled]);
    const card = (id: string) => cards.find((c) => c.id === id)!.html;
    const textOf = (id: string) => decode(card(id).replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

    // The first picture is the page's largest paint: fetched at once and first; the others lazily.
    expect(card(first)).toContain('<img src="https://example.org/first.png" alt="Flyer for Drawn First" width="800" height="600" loading="eager" fetchpriority="high"');
    expect(card(second)).toContain(`<img src="${escapeHtml(eventArt.webinar!)}" alt="" width="800" height="600" loading="lazy"`);
    // Status, title, time on the association's clock (Africa/Lagos), place, description, links.
    expect(textOf(first)).toMatch(/^ ?Upcoming Drawn First Thu,? 2 Apr 2026 · 09:00 Hall B Come along\. Are you going\? Log in to answer for Drawn First to say whether you are going\. Details of Drawn First → Add to calendar \(Drawn First\) ?$/);
    expect(textOf(second)).toContain('Upcoming Webinar Drawn <Second> & "Co"');
    expect(textOf(second)).toContain('Line one <img src=x onerror="alert(1)">');
    expect(card(second)).toContain('<a href="https://example.org/watch" target="_blank" rel="noopener noreferrer"');
    expect(card(first)).toContain(`<a href="/events/${first}"`);
    expect(card(first)).toContain(`href="/api/events/${first}/calendar.ics" download=""`);
    // Only an event members may still answer for asks whether one is going.
    expect(textOf(postponed)).toContain('Postponed Drawn Postponed');
    expect(textOf(postponed)).toContain('Are you going?');
    expect(textOf(cancelled)).toContain('Cancelled Drawn Cancelled');
    expect(textOf(cancelled)).not.toContain('Are you going?');
    // Nothing an author wrote becomes markup.
    expect(root).not.toContain('<img src=x');
    expect(root).not.toContain('<Second>');
    // The words above the list, with the site's calendar feed.
    const above = decode(root.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
    expect(above).toContain('What is coming up for members: workshops, talks, visits and more. Keep every event in your calendar: subscribe to the events calendar (in your calendar app, add a calendar from this address: http://portal.test/events.ics ). Changes and cancellations reach it on their own.');
    expect(root).toContain('<a href="webcal://portal.test/events.ics"');
    // Still the one script that starts the app, and the list's answer still preloaded for it.
    expect([...html.matchAll(/<script\b[^>]*>/g)]).toHaveLength(1);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/events">');
  });

  it('sends the Events page as built, with its loading state, when no event is coming up', async () => {
    t.clock.set(new Date('2031-01-01T00:00:00Z'));
    try {
      const root = rootOf((await t.app.inject({ method: 'GET', url: '/events' })).body);
      expect(root).toContain('<div data-event-list="">');
      expect(root).toContain('Loading events...');
      expect(root).not.toContain('<article');
    } finally {
      t.clock.set(drawnAt);
    }
  });
});
