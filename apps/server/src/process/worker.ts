import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { connect } from '../db/client.ts';
import { listenLean, onStopSignal } from './site-start.ts';
import { WORKER_DATABASE_URL } from './worker-env.ts';

/**
 * One of the WORKERS server processes (primary.ts forks them): it serves on the shared port with
 * its own connection pool to the database the primary opened and migrated. It stops when told
 * (SIGTERM, SIGINT) and also when the primary is gone, which would otherwise leave it unable to
 * take new connections.
 */
export async function runWorker(config: AppConfig) {
  const url = process.env[WORKER_DATABASE_URL];
  if (!url) throw new Error(`a server process needs ${WORKER_DATABASE_URL} from the process that started it`);
  const database = connect(url, config.databaseUrl ? 'postgres' : 'embedded-postgres');
  const app = await buildApp({ config, database });
  const stop = onStopSignal(async (signal) => {
    app.log.info({ signal }, 'shutting down');
    await app.close(); // in-flight requests finish; the background jobs, if here, finish their message
    await database.close();
  });
  process.on('disconnect', () => stop('primary gone'));
  await listenLean(app, config);
}
