import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MSG } from '@aesa/shared/messages';
import { SETUP_MSG } from '@aesa/shared/setup';
import { expect, test } from './support/fixtures.ts';
import pg from 'pg';
import { freePort, runningEmbeddedUrl } from '../apps/server/src/db/embedded.ts';
import { serveArgs } from '../apps/server/test-faults/support/serve-command.ts';
import { newMember } from './support/factories.ts';
import { expectAccessibleAtBothWidths } from './support/page-checks.ts';

// The "Create the first administrator" screen needs a site without any super admin, and the
// link its start printed. The run's shared server gets super admins from other tests, and its
// console is not kept; so this file starts its own server, on a new database of the run's
// PostgreSQL, and reads the link from that server's output as an operator would.

let child: ChildProcess | null = null;
let databaseName = '';
let baseUrl = '';
let setupLink = '';

const adminUrl = () => runningEmbeddedUrl(process.env.E2E_DATA_DIR ?? '')!;
const withDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  databaseName = `aesa_e2e_setup_${process.pid}_${Date.now()}`;
  await admin(`create database ${databaseName}`);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = path.join(process.env.E2E_TMP!, 'setup-server');
  fs.mkdirSync(dataDir, { recursive: true });
  child = spawn(process.execPath, serveArgs(), {
    env: {
      ...process.env,
      DATABASE_URL: withDatabase(adminUrl(), databaseName),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'false',
      RATE_LIMIT_ALLOW: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await expect.poll(() => (child!.exitCode === null ? /\/setup\?token=\S+/.exec(output)?.[0] ?? '' : `exited: ${output}`), { timeout: 90_000 }).toMatch(/^\/setup\?token=/);
  setupLink = `${baseUrl}${/\/setup\?token=\S+/.exec(output)![0]}`;
  expect(setupLink.startsWith(`${baseUrl}/setup?token=`)).toBe(true);
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (databaseName) await admin(`drop database if exists ${databaseName} with (force)`);
});

test('the printed link opens "Create the first administrator"; the account it makes logs in; the link then works no more', { tag: '@setup' }, async ({ page }) => {
  const person = newMember({ password: 'first admin long passphrase' });

  await test.step('the screen reads well at 1280 and 390 px', async () => {
    await page.goto(setupLink);
    await expect(page.getByRole('heading', { name: SETUP_MSG.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Administrator' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'setup form');
  });

  await test.step('the shared rules show under the fields', async () => {
    await page.getByLabel('Full Name').fill('Ngozi Okafor');
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Matric Number').fill(person.matric);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password', { exact: true }).fill('different');
    await page.getByRole('button', { name: 'Create Administrator' }).click();
    await expect(page.getByText(MSG.passwordTooShort)).toBeVisible();
    await expect(page.getByText(MSG.passwordsMismatch)).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expectAccessibleAtBothWidths(page, 'setup form with errors');
  });

  await test.step('a right form creates the account and leads to Login', async () => {
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Create Administrator' }).click();
    await expect(page.getByRole('status').filter({ hasText: SETUP_MSG.created })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'setup done');
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(`${baseUrl}/login`);
  });

  await test.step('the new administrator logs in and reaches the Super Admin screen', async () => {
    await page.getByLabel('Matric Number').fill(person.matric);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto(`${baseUrl}/admin/super`);
    await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('tablist')).toBeVisible(); // the module itself, not Access Denied
  });

  await test.step('the link works once', async () => {
    await page.goto(setupLink);
    await expect(page.getByText(SETUP_MSG.tokenInvalid)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Administrator' })).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, 'setup link used');
  });
});
