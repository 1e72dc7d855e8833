// Builds the web app into dist/, then prerenders the public pages into
// dist/prerendered/<page>.html: each is index.html with the page's markup (top bar, footer, headings, static text, the places data will
// fill) already inside #root, so the page is readable before its script arrives. The server sends
// these files for their paths (apps/server/src/plugins/web-app.ts); the client hydrates them.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
// The server-side bundle lives only as long as the prerender: it is not part of the app.
const bundle = path.join(web, 'dist-prerender');

/** The pages and the path each is drawn at; /events/{id} is drawn once, for any event. */
export const PRERENDERED_PAGES = {
  home: '/',
  about: '/about',
  events: '/events',
  'event-detail': '/events/00000000-0000-4000-8000-000000000000',
  aerointel: '/aerointel',
  elections: '/elections',
  members: '/members',
};

// Both builds draw the footer's year from the same moment (vite.config.ts).
process.env.AESA_BUILD_TIME ??= new Date().toISOString();
await build({ root: web });
await build({
  root: web,
  logLevel: 'warn',
  build: { ssr: 'src/entry-prerender.tsx', outDir: bundle, emptyOutDir: true, copyPublicDir: false },
});

try {
  const { prerender } = await import(pathToFileURL(path.join(bundle, 'entry-prerender.js')).href);
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const root = '<div id="root"></div>';
  if (!index.includes(root)) throw new Error(`dist/index.html has no empty ${root}`);
  fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  for (const [page, url] of Object.entries(PRERENDERED_PAGES)) {
    const rendered = (await prerender(`http://localhost${url}`)).html;
    // React writes what belongs in the head (the page's <title>, image preloads) ahead of the
    // page's markup: it goes into the head, the title in place of the app's generic one (which
    // the server replaces in turn on an event's page).
    const preamble = /^(?:<title>[^<]*<\/title>|<link [^>]*>|<meta [^>]*>)*/.exec(rendered)?.[0] ?? '';
    const html = rendered.slice(preamble.length);
    const title = /<title>[^<]*<\/title>/.exec(preamble)?.[0];
    const headTags = preamble.replace(/<title>[^<]*<\/title>/, '');
    // Functions, not strings: "$&" in the markup must stay literal.
    let file = index.replace(root, () => `<div id="root" data-prerendered="${page}">${html}</div>`);
    if (title) file = file.replace(/<title>[^<]*<\/title>/, () => title);
    if (headTags) file = file.replace('</head>', () => `  ${headTags}\n  </head>`);
    fs.writeFileSync(path.join(dist, 'prerendered', `${page}.html`), file);
  }
} finally {
  fs.rmSync(bundle, { recursive: true, force: true });
}
// The app's query cache keeps timers running; the pages are written, so the build goes on.
process.exit(0);
