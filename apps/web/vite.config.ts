import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';

// The API, the live-results socket, uploads and the server's dev pages all live on the Node
// server; in development Vite forwards them so the app stays same-origin as in production.
const server = process.env.AESA_DEV_SERVER ?? 'http://localhost:3000';

const routerDist = dirname(dirname(createRequire(import.meta.url).resolve('react-router')));
const resolveRouter = (file: string) => join(routerDist, 'production', file);

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: new URL('./src/', import.meta.url).pathname },
      // react-router's package exports point every bundler at its development build; the
      // production build is the same code without the dev warnings.
      ...(mode === 'production'
        ? [
            { find: /^react-router$/, replacement: resolveRouter('index.mjs') },
            { find: /^react-router\/dom$/, replacement: resolveRouter('dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    proxy: {
      '/api': server,
      '/uploads': server,
      '/dev': server,
      '/ws': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server sends a strict CSP: no inline script, and no data: module preload polyfill.
    modulePreload: { polyfill: false },
    // The drawings of the kinds of event stay files. Inlined as data: addresses they were 5 KB of
    // the 150 KB (gzip) that the home page and the Events page may load, whether or not an event
    // shows one; as files they are fetched only when shown, and cached.
    assetsInlineLimit: (file) => (/\/assets\/art\/event-[\w-]+\.svg$/.test(file) ? false : undefined),
  },
}));
