import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../../src/db/client.ts';
import { startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { runMigrations } from '../../src/db/migrate.ts';

/**
 * One PostgreSQL server for the run: the one of TEST_DATABASE_URL (CI runs the suite a second
 * time against the machine's own server) or an embedded one in a temporary directory. A
 * migrated template database is made once; each test file clones it (see test-app.ts).
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let tmp: string | undefined;
  if (!adminUrl) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-test-pg-'));
    fs.chmodSync(tmp, 0o755);
    // Throwaway data: no commit or CREATE DATABASE waits for the disk (decision 098).
    const server = await startEmbeddedPostgres(tmp, { fsync: false });
    adminUrl = server.url;
    stop = server.stop;
  }
  const template = `aesa_template_${process.pid}`;
  await withClient(adminUrl, async (c) => {
    await c.query(`drop database if exists ${template}`);
    await c.query(`create database ${template}`);
  });
  const conn = connect(withDatabase(adminUrl, template), 'postgres', 1);
  await runMigrations(conn.db);
  await conn.close();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await withClient(adminUrl!, async (c) => {
      // Only this run's databases: other runs may share the server (CI, parallel sessions).
      const { rows } = await c.query<{ datname: string }>(`select datname from pg_database`);
      const ours = rows.filter((r) => r.datname.startsWith(testDatabasePrefix(template)) || r.datname === template);
      for (const r of ours) await c.query(`drop database if exists "${r.datname}" with (force)`);
    }).catch(() => {});
    await stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
}

/** Test databases of one run are named after its template, so a run drops only its own. */
export function testDatabasePrefix(template: string): string {
  return `aesa_t_${template.replace('aesa_template_', '')}_`;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}
