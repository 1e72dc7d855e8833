import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_LOCK_KEY } from './advisory-locks.ts';
import type { Db } from './client.ts';

// Beside this module: src/db/migrations in the source, dist/migrations in the compiled server
// (build.mjs copies them there, next to the bundle).
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies pending migrations, one process at a time. drizzle's migrator takes no lock of its own:
 * two app processes starting together on a database that needs migrations (two machines after an
 * upgrade, or on a new database) would both apply them, and the second would fail. So every process
 * first takes a PostgreSQL advisory lock, on a connection of its own (the pool may have a single
 * connection, which the migrations need); whoever comes second finds nothing left to do.
 */
export async function runMigrations(db: Db) {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const lock = new pg.Client(pool.options);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    // Drizzle's message is the failed SQL text; the reason (a migration's own check, for
    // example) is PostgreSQL's message in its cause: put that first, where the operator looks.
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof Error) throw new Error(`Database migration failed: ${cause.message}`, { cause: err });
    throw err;
  } finally {
    // Closing the connection releases the lock too, should the unlock itself fail.
    await lock.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK_KEY]).catch(() => {});
    await lock.end().catch(() => {});
  }
}
