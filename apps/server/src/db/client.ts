import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  kind: 'embedded-postgres' | 'postgres';
  close(): Promise<void>;
}

// Dates as plain strings ('YYYY-MM-DD') rather than JavaScript dates, so a birthday-like date
// never shifts with the server's time zone.
pg.types.setTypeParser(1082, (v) => v);

/** `idleMs`: how long an unused connection stays open. */
export function connect(url: string, kind: Database['kind'], max = 10, idleMs = 30_000): Omit<Database, 'close'> & { close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000, idleTimeoutMillis: idleMs });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, url, kind, close: () => pool.end() };
}
