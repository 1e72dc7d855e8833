import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { EventArt, PrerenderedPages } from '../../src/plugins/web-app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { connect, type Database } from '../../src/db/client.ts';
import { testDatabasePrefix, withClient, withDatabase } from './global-setup.ts';

/** A fresh database cloned from the migrated template: each test file starts from nothing. */
export async function createTestDatabase(): Promise<Database & { name: string }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${testDatabasePrefix(inject('pgTemplate'))}${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name} template ${inject('pgTemplate')}`));
  const conn = connect(withDatabase(adminUrl, name), 'postgres', 5);
  return {
    ...conn,
    name,
    close: async () => {
      await conn.close();
      await withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => {});
    },
  };
}

/** A settable clock for rules that depend on time (token expiry, lockout window, election window). */
export function testClock(start = new Date()) {
  let now = start.getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    set: (d: Date) => void (now = d.getTime()),
    advance: (ms: number) => void (now += ms),
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  clock: ReturnType<typeof testClock>;
  close(): Promise<void>;
}

/** Boots the real app on a fresh database. Pass `smtpUrl` to send real mail to a test SMTP sink. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { logStream?: NodeJS.WritableStream; indexHtml?: string | null; prerendered?: PrerenderedPages; eventArt?: EventArt } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = testClock();
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-test-uploads-'));
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, PUBLIC_URL: 'http://portal.test' }),
    uploadDir,
    clock,
    mailPollMs: 50,
    mailRetryBaseMs: 50,
    mailPerMinute: 100_000,
    // No background tick: a test made an open election and then its voters would otherwise race
    // the roll's freezing. Tests call app.electionRecord.settleDue() where they mean the tick.
    electionRecordTickMs: 0,
    // A key for second-factor secrets per test app: no key file is written in the working copy.
    mfaSecretKey: randomBytes(32),
    ...overrides,
  };
  const app = await buildApp({ config, database, logger: !!options.logStream, logStream: options.logStream, ...('indexHtml' in options && { indexHtml: options.indexHtml, prerendered: options.prerendered ?? {}, eventArt: options.eventArt ?? {} }) });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}
