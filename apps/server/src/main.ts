import cluster from 'node:cluster';
import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

// The start: one process (WORKERS=1), or a primary that owns the database and WORKERS server
// processes forked from this same file (docs/decisions/042-one-process-per-core.md). Each kind
// loads only its own code: the primary serves nothing, so it never loads the app (decision 092).
async function main() {
  const config = loadConfig();
  const log = (m: string) => console.log(m);
  if (cluster.isWorker) return (await import('./process/worker.ts')).runWorker(config);
  for (const warning of configWarnings(config)) console.warn(warning);
  if (config.workers > 1) return (await import('./process/primary.ts')).runPrimary(config, log);
  return (await import('./process/single.ts')).runSingleProcess(config, log);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('The portal could not start:', err instanceof Error ? err.message : err);
    if (process.env.LOG_LEVEL === 'debug') console.error(err);
  }
  process.exit(1);
});
