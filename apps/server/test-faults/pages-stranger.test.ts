import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from '../src/lib/html-answer.ts';
import { signedInAdmin } from '../test/support/factories.ts';
import { useTestApp } from '../test/support/use-test-app.ts';
import { listenForStrangers, rawRequest, strangerFlood, type RawResponse } from './support/stranger.ts';

// A curious stranger at the pages the server compresses and, for the Events page, writes per
// request: odd, forged and oversized Accept-Encoding headers, in parallel, from its own network
// namespace. Every answer is the page itself, in the encoding the header allows, byte for byte
// the page a plain request gets; and what a stranger adds to the address (a query string per
// request) makes no new page to compress and keep.

const LOADING = '<div data-event-list=""><p>Loading events...</p></div>';
// A page as the build makes it, over a kilobyte so that it is compressed.
const page = (name: string, content: string) =>
  `<!doctype html><html lang="en"><head><title>${name}</title><meta name="description" content="${'The association. '.repeat(80)}"></head>` +
  `<body><div id="root" data-prerendered="${name}"><main><h1>${name}</h1>${content}</main></div></body></html>`;
const INDEX = page('index', '');

const t = useTestApp({}, { indexHtml: INDEX, prerendered: { events: page('events', LOADING), about: page('about', '<p>About Us</p>') }, eventArt: {} });
const server = listenForStrangers(t);

const ODD_HEADERS = [
  'br',
  'gzip',
  'BR;Q=1',
  'gzip, deflate, br, zstd',
  'br;q=0, gzip;q=0',
  '*;q=0',
  '*',
  'br;q=NaN, gzip;q=-1',
  'br;q=, gzip;q=0.001',
  'identity',
  'x-gzip, compress',
  ';;;,,,;q=1',
  `${'zz;q=0.5, '.repeat(400)}gzip`,
];

function decoded(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.bytes).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.bytes).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body;
}

describe('a stranger at the compressed pages', () => {
  it('odd and forged Accept-Encoding headers, 20 at a time: each gets the page in the encoding its header allows, and nothing else', async () => {
    const { headers } = await signedInAdmin(t.app, ['is_event_admin']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers,
      payload: { title: 'Stranger <b>Night</b>', description: 'Come along.', location: 'Hall C', event_date: new Date(t.clock().getTime() + 86_400_000).toISOString() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const eventPath = `/events/${created.json().event.id as string}`;

    const paths = ['/events', '/about', eventPath, '/no-such-page'];
    const plain = new Map<string, string>();
    for (const path of paths) plain.set(path, (await rawRequest(server.port, { path })).body);
    expect(plain.get('/events')).toContain('<div data-event-list="drawn">');
    expect(plain.get('/events')).toContain('Stranger &#60;b&#62;Night&#60;/b&#62;');

    const attack = paths.flatMap((path) => ODD_HEADERS.map((accept) => ({ path, accept, forwarded: `203.0.113.${(path.length + accept.length) % 250}` })));
    const answers = await Promise.all(
      Array.from({ length: Math.ceil(attack.length / 20) }, (_, batch) =>
        Promise.all(attack.slice(batch * 20, batch * 20 + 20).map((a) => rawRequest(server.port, { path: a.path, headers: { 'accept-encoding': a.accept, 'x-forwarded-for': a.forwarded } }))),
      ),
    ).then((batches) => batches.flat());
    expect(answers).toHaveLength(attack.length);
    for (const [i, a] of attack.entries()) {
      const res = answers[i]!;
      const what = `${a.path} with ${JSON.stringify(a.accept.slice(0, 40))}`;
      expect(res.status, what).toBe(200);
      expect(res.headers['content-encoding'], what).toBe(acceptedEncoding(a.accept) ?? undefined);
      expect(res.headers.vary, what).toBe('accept-encoding');
      expect(decoded(res), what).toBe(plain.get(a.path));
    }
  });

  it('a query string per request makes no new page: 200 addresses, one page, the same compressed bytes', async () => {
    const first = await rawRequest(server.port, { path: '/events', headers: { 'accept-encoding': 'br' } });
    const flood = await strangerFlood(
      server.port,
      Array.from({ length: 200 }, (_, i) => ({ method: 'GET', path: `/events?v=${i}&q=${'x'.repeat(i)}`, headers: { 'accept-encoding': 'br' } })),
      20,
    );
    expect(flood.map((r) => r.status)).toEqual(Array<number>(200).fill(200));
    for (const i of [0, 99, 199]) {
      const again = await rawRequest(server.port, { path: `/events?v=${i}&q=${'x'.repeat(i)}`, headers: { 'accept-encoding': 'br' } });
      expect(again.bytes.equals(first.bytes), `/events?v=${i}`).toBe(true);
    }
  });
});
