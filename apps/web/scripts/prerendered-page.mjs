// How a prerendered page's HTML file is made from the built index.html and the markup React
// drew (src/entry-prerender.tsx). Used by the build (build.mjs) and by the tests of what the
// server sends (apps/server/test/prerendered-pages.test.ts).

/** GET /api/config: the site's name, locale and zone, which every date on a page waits for. */
const SITE_CONFIG = '/api/config';

/**
 * The pages, the path each is drawn at (/events/{id} is drawn once, for any event), the module
 * of its screen (src/app/router.tsx), whose chunk is fetched with the app's own, and the public
 * API answers its first render asks for (`data`): the page's largest paint is drawn from them, so
 * they are preloaded with the page instead of after its script. Each is the exact address the
 * app's query fetches (lib/events.ts, features/articles/api), or the browser fetches it twice.
 * `paintFromData`: the page's largest paint is that data, drawn by the script (see scriptsAfterPaint).
 */
export const PRERENDERED_PAGES = {
  home: { url: '/', screen: 'src/features/home/components/home-screen.tsx', data: [SITE_CONFIG, '/api/events'] },
  about: { url: '/about', screen: 'src/features/about/components/about-screen.tsx' },
  // The server draws the upcoming events into this page (event-page-head.ts): its largest paint,
  // the first card's picture, needs no script, which therefore comes after it.
  events: { url: '/events', screen: 'src/features/events/components/events-screen.tsx', data: [SITE_CONFIG, '/api/events'] },
  // The event itself is preloaded by the server, which knows which one it is (event-page-head.ts).
  'event-detail': { url: '/events/00000000-0000-4000-8000-000000000000', screen: 'src/features/events/components/event-screen.tsx', data: [SITE_CONFIG] },
  aerointel: { url: '/aerointel', screen: 'src/features/articles/components/aerointel-screen.tsx', data: [SITE_CONFIG, '/api/articles'], paintFromData: true },
  elections: { url: '/elections', screen: 'src/features/elections/components/elections-screen.tsx' },
  members: { url: '/members', screen: 'src/features/members/components/members-screen.tsx' },
};

const EMPTY_ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

/**
 * index.html with the page's markup inside #root (marked for main.tsx to hydrate, with the date
 * it was drawn on). React writes what belongs in the head (the page's <title>, image preloads)
 * ahead of the markup: it goes into the head, the title in place of the app's generic one (which
 * the server replaces in turn on an event's page).
 */
export function pageHtml({ index, page, rendered, drawnAt }) {
  if (!index.includes(EMPTY_ROOT)) throw new Error(`index.html has no empty ${EMPTY_ROOT}`);
  const preamble = /^(?:<title>[^<]*<\/title>|<link [^>]*>|<meta [^>]*>)*/.exec(rendered)?.[0] ?? '';
  const markup = rendered.slice(preamble.length);
  const title = TITLE.exec(preamble)?.[0];
  const headTags = preamble.replace(TITLE, '');
  // Functions, not strings: "$&" in the markup must stay literal.
  let html = index.replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="${page}" data-drawn-at="${drawnAt.toISOString()}">${markup}</div>`);
  if (title) html = html.replace(TITLE, () => title);
  if (headTags) html = html.replace('</head>', () => `  ${headTags}\n  </head>`);
  return html;
}

/**
 * A prerendered page is readable before its script runs: the app's module, its preloads and the
 * page's screen chunks are requested after the first paint by paint-first.js, not alongside the
 * stylesheet. On a page whose largest paint is drawn by the script from data (`entryEarly`), the
 * app's entry module, most of the script's bytes, is also preloaded from the head at low priority:
 * on Lighthouse's slow 4G the list then comes about 0.3 s sooner, for a first paint about 0.2 s
 * later on a 400 kbit/s link; on the other pages that would only delay their largest paint.
 */
export function scriptsAfterPaint(html, { paintFirst, screenFiles = [], data = [], entryEarly = false }) {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('index.html has no module script');
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  const preload = new Set([...preloads.map((m) => m[1]), ...screenFiles]);
  preload.delete(entry[1]);
  const start = `<script defer src="${paintFirst}" data-entry="${entry[1]}" data-preload="${[...preload].join(' ')}"></script>`;
  const early = entryEarly ? [`<link rel="modulepreload" crossorigin fetchpriority="low" href="${entry[1]}">`] : [];
  const out = [entry, ...preloads].reduce((h, m) => h.replace(m[0], ''), html);
  return out.replace('</head>', () => `  ${[...data.map(dataPreload), start, ...early].join('\n    ')}\n  </head>`);
}

/**
 * A public API answer fetched with the page, in the mode and credentials of the app's own fetch
 * (cors, same-origin), so that fetch takes the preloaded answer rather than asking again. A
 * signed-in member's fetch carries the session's header and asks again: the public lists answer
 * everyone the same, so the preload is only wasted, never wrong.
 */
export function dataPreload(href) {
  return `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}">`;
}
