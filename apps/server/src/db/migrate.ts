import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client.ts';

// Beside this module: src/db/migrations in the source, dist/migrations in the compiled server
// (build.mjs copies them there, next to the bundle).
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies pending migrations; drizzle takes an advisory lock so parallel starts are safe. */
export async function runMigrations(db: Db) {
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    // Drizzle's message is the failed SQL text; the reason (a migration's own check, for
    // example) is PostgreSQL's message in its cause: put that first, where the operator looks.
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof Error) throw new Error(`Database migration failed: ${cause.message}`, { cause: err });
    throw err;
  }
}
