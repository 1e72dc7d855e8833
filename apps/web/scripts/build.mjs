// Builds the web app into dist/, then prerenders the public pages into
// dist/prerendered/<page>.html: each is index.html with the page's markup (top bar, footer, headings, static text, the places data will
// fill) already inside #root, so the page is readable before its script arrives. The server sends
// these files for their paths (apps/server/src/plugins/web-app.ts); the client hydrates them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
// The server-side bundle lives only as long as the prerender: it is not part of the app.
const bundle = path.join(web, 'dist-prerender');

/**
 * The pages, the path each is drawn at (/events/{id} is drawn once, for any event) and the module
 * of its screen (app/router.tsx), whose chunk is fetched with the app's own.
 */
export const PRERENDERED_PAGES = {
  home: { url: '/', screen: 'src/features/home/components/home-screen.tsx' },
  about: { url: '/about', screen: 'src/features/about/components/about-screen.tsx' },
  events: { url: '/events', screen: 'src/features/events/components/events-screen.tsx' },
  'event-detail': { url: '/events/00000000-0000-4000-8000-000000000000', screen: 'src/features/events/components/event-screen.tsx' },
  aerointel: { url: '/aerointel', screen: 'src/features/articles/components/aerointel-screen.tsx' },
  elections: { url: '/elections', screen: 'src/features/elections/components/elections-screen.tsx' },
  members: { url: '/members', screen: 'src/features/members/components/members-screen.tsx' },
};

// The manifest names each screen's chunk and the chunks it imports.
await build({ root: web, build: { manifest: true } });
await build({
  root: web,
  logLevel: 'warn',
  build: { ssr: 'src/entry-prerender.tsx', outDir: bundle, emptyOutDir: true, copyPublicDir: false },
});

// The script that starts the app once a prerendered page has painted (scripts/paint-first.js).
const paintFirst = fs.readFileSync(path.join(web, 'scripts', 'paint-first.js'));
const paintFirstFile = `assets/paint-first-${createHash('sha256').update(paintFirst).digest('base64url').slice(0, 8)}.js`;
fs.writeFileSync(path.join(dist, paintFirstFile), paintFirst);

const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
fs.rmSync(path.dirname(manifestFile), { recursive: true, force: true });

/** The files of a screen's chunk and of every chunk it imports, as addresses. */
function screenChunks(screen) {
  if (!manifest[screen]) throw new Error(`the build has no chunk for ${screen}`);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(screen);
  return files;
}

/**
 * A prerendered page is readable before its script runs: the app's module, its preloads and the
 * page's screen are requested after the first paint (paint-first.js), not alongside the stylesheet.
 */
function scriptsAfterPaint(html, screen) {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('dist/index.html has no module script');
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let out = preloads.reduce((h, m) => h.replace(m[0], ''), html);
  const preload = new Set([...preloads.map((m) => m[1]), ...screenChunks(screen)]);
  preload.delete(entry[1]);
  const start = `<script defer src="/${paintFirstFile}" data-entry="${entry[1]}" data-preload="${[...preload].join(' ')}"></script>`;
  out = out.replace(entry[0], '');
  return out.replace('</head>', () => `  ${start}\n  </head>`);
}

try {
  const { prerender } = await import(pathToFileURL(path.join(bundle, 'entry-prerender.js')).href);
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const root = '<div id="root"></div>';
  if (!index.includes(root)) throw new Error(`dist/index.html has no empty ${root}`);
  fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  for (const [page, { url, screen }] of Object.entries(PRERENDERED_PAGES)) {
    const drawnAt = new Date();
    const rendered = (await prerender(`http://localhost${url}`, drawnAt)).html;
    // React writes what belongs in the head (the page's <title>, image preloads) ahead of the
    // page's markup: it goes into the head, the title in place of the app's generic one (which
    // the server replaces in turn on an event's page).
    const preamble = /^(?:<title>[^<]*<\/title>|<link [^>]*>|<meta [^>]*>)*/.exec(rendered)?.[0] ?? '';
    const html = rendered.slice(preamble.length);
    const title = /<title>[^<]*<\/title>/.exec(preamble)?.[0];
    const headTags = preamble.replace(/<title>[^<]*<\/title>/, '');
    // Functions, not strings: "$&" in the markup must stay literal.
    let file = index.replace(root, () => `<div id="root" data-prerendered="${page}" data-drawn-at="${drawnAt.toISOString()}">${html}</div>`);
    if (title) file = file.replace(/<title>[^<]*<\/title>/, () => title);
    if (headTags) file = file.replace('</head>', () => `  ${headTags}\n  </head>`);
    fs.writeFileSync(path.join(dist, 'prerendered', `${page}.html`), scriptsAfterPaint(file, screen));
  }
} finally {
  fs.rmSync(bundle, { recursive: true, force: true });
}
// The app's query cache keeps timers running; the pages are written, so the build goes on.
process.exit(0);
