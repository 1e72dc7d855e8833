// Builds the web app into dist/, then prerenders the public pages into
// dist/prerendered/<page>.html: each is index.html with the page's markup (top bar, footer,
// headings, static text, the places data will fill) already inside #root, so the page is readable
// before its script arrives. The server sends these files for their paths
// (apps/server/src/plugins/web-app.ts); the client hydrates them (src/main.tsx).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, minify } from 'vite';
import { PRERENDERED_PAGES, pageHtml, scriptsAfterPaint } from './prerendered-page.mjs';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
// The server-side bundle lives only as long as the prerender: it is not part of the app.
const bundle = path.join(web, 'dist-prerender');

// The manifest names each screen's chunk and the chunks it imports.
await build({ root: web, build: { manifest: true } });
await build({
  root: web,
  logLevel: 'warn',
  build: { ssr: 'src/entry-prerender.tsx', outDir: bundle, emptyOutDir: true, copyPublicDir: false },
});

// The script that starts the app once a prerendered page has painted (scripts/paint-first.js),
// minified: every public page loads it, within its script budget.
const paintFirst = (await minify('paint-first.js', fs.readFileSync(path.join(web, 'scripts', 'paint-first.js'), 'utf8'))).code;
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

try {
  const { prerender, EVENT_ART } = await import(pathToFileURL(path.join(bundle, 'entry-prerender.js')).href);
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  for (const [page, { url, screen, data, paintFromData }] of Object.entries(PRERENDERED_PAGES)) {
    const drawnAt = new Date();
    const { html: rendered } = await prerender(`http://localhost${url}`, drawnAt);
    const html = scriptsAfterPaint(pageHtml({ index, page, rendered, drawnAt }), { paintFirst: `/${paintFirstFile}`, screenFiles: screenChunks(screen), data, entryEarly: paintFromData });
    fs.writeFileSync(path.join(dist, 'prerendered', `${page}.html`), html);
  }
  // The server writes an event's picture into its page; without a flyer, it is the kind's drawing.
  fs.writeFileSync(path.join(dist, 'prerendered', 'event-art.json'), JSON.stringify(EVENT_ART));
} finally {
  fs.rmSync(bundle, { recursive: true, force: true });
}
// The app's query cache keeps timers running; the pages are written, so the build goes on.
process.exit(0);
