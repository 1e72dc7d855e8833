// The <head> of an event's page as the server sends it: a link shared in a chat or a social
// network is previewed from the HTML alone (no script runs there), so the title, the words and
// the picture of the event are written into the single-page app's index.html before it is sent.

import { type EventCardPreview, eventListHtml } from '@aesa/shared/event-list-preview';
import { escapeHtml, type EventPreview, eventPreviewHtml, eventPreviewJson } from '@aesa/shared/event-preview';

export interface PageHead {
  /** What the page is about (og:title); the document title adds the site's name, as the app does. */
  title: string;
  description: string;
  /** Absolute URL of the picture. */
  image: string;
  /** Absolute URL of the page. */
  url: string;
  /** "AESA Portal". */
  siteName: string;
}


/** At most `max` characters of `text`, on one line, cut at a word with an ellipsis. */
export function summary(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * index.html with the page's own <title>, description and Open Graph tags; the app's generic
 * title and description are replaced, every value is HTML-escaped.
 */
export function withPageHead(indexHtml: string, head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(`${head.title} · ${head.siteName}`)}</title>`,
    meta('name', 'description', head.description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:image', head.image),
    meta('property', 'og:url', head.url),
    meta('name', 'twitter:card', 'summary_large_image'),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
  ].join('\n    ');
  const rest = indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // A function, not a string: "$&" or "$1" in an event's title must stay literal text.
  return rest.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

/**
 * The event in the prerendered event frame, so a visitor sees it before any script runs: its
 * picture, status, title, time, place and description replace the loading card inside the place
 * marked `data-event-preview` (apps/web/src/features/events/components/event-screen.tsx), and the
 * same preview goes into the head as a JSON data block, from which the app's first render draws
 * that place with the same function (hydration must find what it draws). The event's own API
 * answer is preloaded, in the mode of the app's fetch, so the page it turns into arrives sooner.
 */
export function withEventPreview(html: string, preview: EventPreview): string {
  const head = [
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/events/${encodeURIComponent(preview.id)}">`,
    `<script type="application/json" id="event-preview">${eventPreviewJson(preview)}</script>`,
  ].join('\n    ');
  return replaceContent(html, PREVIEW_PLACE, eventPreviewHtml(preview)).replace(/<\/head>/i, () => `  ${head}\n  </head>`);
}

const PREVIEW_PLACE = '<div data-event-preview="">';

/**
 * The upcoming events in the prerendered Events page, so a visitor sees the list, its first
 * picture loading at once, before any script runs: the cards replace the loading state inside the
 * place marked `data-event-list`, which is marked "drawn"; the app's first render takes that
 * markup over from the page and keeps it until its own list can replace it
 * (apps/web/src/features/events/components/events-screen.tsx).
 */
export function withEventList(html: string, events: EventCardPreview[], origin: string): string {
  return replaceContent(html, '<div data-event-list="">', eventListHtml(events, origin), '<div data-event-list="drawn">');
}

/**
 * `html` with the content of the <div> that opens with `opening` replaced (and its opening tag
 * with `reopening`, if given). React's markup is well-formed and every "<" in its text is escaped,
 * so counting <div> and </div> finds the end.
 */
function replaceContent(html: string, opening: string, content: string, reopening = opening): string {
  const start = html.indexOf(opening);
  if (start < 0) return html;
  const from = start + opening.length;
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = from;
  let depth = 1;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) return html.slice(0, start) + reopening + content + html.slice(tag.index);
  }
  return html;
}
