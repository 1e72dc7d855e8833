import { defineConfig } from 'vitest/config';

// Three projects: `unit` (beside the code), `api` (the real app on a real PostgreSQL, a fresh
// database per test file) and `faults` (kill -9, database and SMTP away, fuzzing).
export default defineConfig({
  test: {
    projects: [
      {
        // The web app's own import alias (apps/web/vite.config.ts), for its tests beside the code.
        resolve: { alias: [{ find: /^@\//, replacement: new URL('./apps/web/src/', import.meta.url).pathname }] },
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'e2e/support/**/*.test.ts'],
          // Two files at a time, each in its own process: Vitest's default on two cores is one (the
          // cores less one), and most of a file's time is loading its modules, not running its
          // tests (83 s against 51 s). Files stay isolated: some count their process's own threads.
          maxWorkers: 2,
        },
      },
      {
        // The web app's prerender, which the tests of the pages the server sends draw with.
        resolve: { alias: [{ find: /^@\//, replacement: new URL('./apps/web/src/', import.meta.url).pathname }] },
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          // The files of a worker share its loaded modules instead of loading the whole app afresh
          // each (decision 091): every file still has its own app and its own database.
          isolate: false,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['apps/server/test-faults/**/*.test.ts'],
          exclude: ['apps/server/test-faults/**/*.alone.test.ts'],
          sequence: { groupOrder: 0 },
          // The servers these tests start are the compiled one (`npm run serve`), built first.
          globalSetup: ['apps/server/test-faults/support/build-server.ts', 'apps/server/test/support/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2, // the fuzzing and the kill rounds side by side: each has its own server and data
        },
      },
      {
        // Measurements of latency (votes during a sign-in flood) run after every other fault test
        // and one at a time: a neighbouring test's load would be measured as theirs.
        test: {
          name: 'faults-alone',
          include: ['apps/server/test-faults/**/*.alone.test.ts'],
          globalSetup: ['apps/server/test-faults/support/build-server.ts', 'apps/server/test/support/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
