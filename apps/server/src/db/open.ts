import type { AppConfig } from '../config.ts';
import { connect, type Database } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';

/**
 * Opens the configured database, migrated: the external PostgreSQL of DATABASE_URL, or the
 * embedded one under DATA_DIR (locked to this process). `idleMs`: how long this process's unused
 * connections stay open (by default, as long as those of a process that serves).
 */
export async function openDatabase(config: AppConfig, log: (m: string) => void = () => {}, idleMs?: number): Promise<Database> {
  if (config.databaseUrl) {
    const conn = connect(config.databaseUrl, 'postgres', undefined, idleMs);
    await runMigrations(conn.db);
    return conn;
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    const server = await startEmbeddedPostgres(config.dataDir, { port: config.embeddedPgPort, log, fsync: config.embeddedPgFsync });
    const conn = connect(server.url, 'embedded-postgres', undefined, idleMs);
    await runMigrations(conn.db);
    return {
      ...conn,
      close: async () => {
        await conn.close();
        await server.stop();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * For command-line tools: the external database, the embedded server a running app owns, or
 * the embedded server started just for this command.
 */
export async function openDatabaseForCli(config: AppConfig): Promise<Database> {
  if (!config.databaseUrl) {
    const url = runningEmbeddedUrl(config.dataDir);
    if (url) {
      const conn = connect(url, 'embedded-postgres', 2);
      await runMigrations(conn.db);
      return conn;
    }
  }
  return openDatabase(config);
}
