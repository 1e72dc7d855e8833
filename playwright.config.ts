import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { serveArgs } from './apps/server/test-faults/support/serve-command.ts';
import { CHROMIUM_ARGS, SUITE_CHROMIUM } from './e2e/support/browser.ts';
import { DESKTOP_SKIPS, MOBILE_RUNS } from './e2e/support/tags.ts';

// End-to-end tests drive the built app, served by the real server on a fresh embedded
// PostgreSQL, in Debian's Chromium. This file is read by the runner and again by each worker:
// values chosen here are kept in the environment so that every process sees the same ones.

const PORT = Number(process.env.E2E_PORT ?? 3100);
process.env.E2E_BASE_URL ??= `http://127.0.0.1:${PORT}`;
if (!process.env.E2E_TMP) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-e2e-'));
  // The embedded PostgreSQL runs as an unprivileged user when we are root: it must reach its directory.
  fs.chmodSync(tmp, 0o755);
  process.env.E2E_TMP = tmp;
  // The runner exits after it has stopped the server; whatever happened, the run's data goes
  // (E2E_KEEP=1 keeps it for a look).
  if (!process.env.E2E_KEEP) process.once('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
}
const TMP = process.env.E2E_TMP;
process.env.E2E_DATA_DIR ??= path.join(TMP, 'data');
process.env.E2E_MAIL_DIR ??= path.join(TMP, 'mail');
// The mail catcher (e2e/support/global-setup.ts) listens here; the server is told before it starts.
// Tied to the server's port (one per shard, so no two shards share it) and below the kernel's
// ephemeral range (32768 and up), where an outgoing connection could already hold a random pick.
process.env.E2E_SMTP_PORT ??= String(PORT + 20_000);

export default defineConfig({
  testDir: 'e2e',
  // Only the spec files: e2e/support holds helpers and their own unit tests (run by Vitest).
  testMatch: '**/*.spec.ts',
  // One folder per shard (e2e/run-shards.ts): each run empties its own.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Generous: a guard against a hung test, not a speed check. These machines are shared, and on
  // the slower CI host three shards on two cores run a test about 4 times slower than alone
  // (one of 8 s alone took 34 s there, and the longest took 2.4 minutes).
  timeout: 180_000,
  expect: { timeout: 30_000 },
  // The durations reporter writes what each file took, by which the shards are split (e2e/run-shards.ts).
  reporter: [[process.env.CI ? 'line' : 'list'], ['./e2e/support/durations-reporter.ts']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A failed test keeps its trace (every action with its time, the console and the network),
    // but not the screencast: recording it cost 17% of the machine's CPU (e2e/public.spec.ts: 169
    // CPU-s against 145). The page's DOM at every step is kept too, but not in CI, where the
    // whole run is bound by CPU: it cost about 5% (e2e/public.spec.ts alone: 74 and 79 CPU-s
    // without it, 77 to 84 with it). A failure's screenshot is kept in both.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: !process.env.CI },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: SUITE_CHROMIUM, args: CHROMIUM_ARGS },
  },
  // Tags (docs/decisions/027-e2e-fixtures-and-tags.md): every test runs at 1280 px but those tagged
  // @phone-only (what exists only on a phone-sized screen); @mobile tests run at 390 px as well.
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, grepInvert: DESKTOP_SKIPS },
    {
      name: 'mobile',
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      grep: MOBILE_RUNS,
    },
  ],
  webServer: {
    // The compiled server, started as `npm run serve` starts it (`npm run test:e2e` builds it).
    command: ['node', ...serveArgs()].join(' '),
    url: `${process.env.E2E_BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: process.env.E2E_BASE_URL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'false',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_PER_MINUTE: '10000',
      // Every test's browser and request come from this one address; the limits have API tests.
      RATE_LIMIT_ALLOW: '127.0.0.1',
      // Public live tallies in batches of at least 3 votes (the default), at most one per 2 s
      // instead of 10 s, so that the voting test sees a batch quickly.
      LIVE_TALLY_BATCH_SECONDS: '2',
      LOG_LEVEL: 'warn',
      // Throwaway data: the embedded PostgreSQL does not wait for the disk (decision 098).
      EMBEDDED_PG_FSYNC: 'false',
      // One server process per shard: the browsers of two shards already fill this machine's
      // cores, and several processes sharing a port have fault tests of their own (workers.test.ts).
      WORKERS: '1',
    },
  },
});
