// The <head> of an event's page as the server sends it: a link shared in a chat or a social
// network is previewed from the HTML alone (no script runs there), so the title, the words and
// the picture of the event are written into the single-page app's index.html before it is sent.

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

/** Text made safe inside an element and inside a double- or single-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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
 * The event's title in the heading's place of the prerendered event frame (the element marked
 * `data-event-title` in apps/web/src/features/events/components/event-screen.tsx), so a visitor
 * reads it before any script runs, and as JSON data in the head, from which the app's first
 * render draws the same heading (hydration must find what it draws). A JSON data block is not
 * run: the CSP's ban on inline scripts does not touch it; "<" is escaped so it cannot close it.
 */
export function withEventTitle(html: string, event: { id: string; title: string }): string {
  const data = JSON.stringify({ id: event.id, title: event.title }).replace(/</g, '\\u003c');
  return html
    .replace('data-event-title=""></div>', () => `data-event-title=""><h1>${escapeHtml(event.title)}</h1></div>`)
    .replace(/<\/head>/i, () => `  <script type="application/json" id="event-preview">${data}</script>\n  </head>`);
}
