import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { listenLean, onStopSignal, prepareSite, printStarted } from './site-start.ts';

/** WORKERS=1: the database, the app and the background jobs in this one process. */
export async function runSingleProcess(config: AppConfig, log: (m: string) => void) {
  const database = await openDatabase(config, log);
  const app = await buildApp({ config, database });
  const setupLink = await prepareSite(config, database, log, app);
  onStopSignal(async (signal) => {
    app.log.info({ signal }, 'shutting down');
    await app.close(); // in-flight requests finish; the background jobs finish their message
    await database.close();
  });
  await listenLean(app, config);
  printStarted(config, setupLink, log);
}
