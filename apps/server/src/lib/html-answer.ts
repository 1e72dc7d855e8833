// Every HTML page goes out compressed when the browser accepts it. A prerendered page is 14 to
// 95 KB of markup and 3 to 13 KB compressed; on a phone's network the difference is most of a
// second before the first paint. The build's own .br and .gz files serve only the assets; pages
// are compressed here because some are written per request (an event's page, the events list).
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type PageEncoding = 'br' | 'gzip';

/** Below this, compressing saves less than a packet's worth and costs a step. */
const SMALLEST_COMPRESSED = 1024;
/**
 * Brotli quality 5: a quarter of a millisecond for a 14 KB page and 1.6 ms for the largest
 * (95 KB), within 12% of the build's quality 11, which takes 40 times as long.
 */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * The encoding to send, from Accept-Encoding: brotli, else gzip, else none. A coding with q=0 is
 * refused, as is one the header does not name ("*" names every coding).
 */
export function acceptedEncoding(header: string | string[] | undefined): PageEncoding | null {
  const weights = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name) weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const accepts = (coding: PageEncoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

function compress(html: string, encoding: PageEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(html, BROTLI) : zlib.gzipSync(html);
}

type Compressed = Partial<Record<PageEncoding, Buffer>>;
/** The compressed forms of the fixed pages (index.html, the prerendered ones): a few, made once each. */
const fixedPages = new Map<string, Compressed>();
/**
 * The compressed forms of the last pages written per request, by their text: the Events page and
 * a shared event's page are the same for every visitor until an event changes, and compressing
 * is most of what sending one costs.
 */
const recentPages = new Map<string, Compressed>();
export const RECENT_PAGES_KEPT = 32;

export function compressedForms(html: string, fixed: boolean): Compressed {
  const kept = fixed ? fixedPages : recentPages;
  let forms = kept.get(html);
  if (forms) {
    if (!fixed) {
      // Most recently used last, so the oldest is first out.
      kept.delete(html);
      kept.set(html, forms);
    }
    return forms;
  }
  forms = {};
  kept.set(html, forms);
  if (!fixed && kept.size > RECENT_PAGES_KEPT) kept.delete(kept.keys().next().value!);
  return forms;
}

/**
 * Sends an HTML page, never cached without asking again (it changes with each build, and some
 * pages with the data), compressed as the browser accepts. `fixed` pages are the same on every
 * request and are kept compressed for good; a page written per request is kept among the recent
 * ones, found again by its text.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, { fixed = false } = {}) {
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding || html.length < SMALLEST_COMPRESSED) return reply.send(html);
  const forms = compressedForms(html, fixed);
  return reply.header('content-encoding', encoding).send((forms[encoding] ??= compress(html, encoding)));
}
