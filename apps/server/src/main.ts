import cluster from 'node:cluster';
import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { runPrimary } from './process/primary.ts';
import { runSingleProcess } from './process/single.ts';
import { runWorker } from './process/worker.ts';

// The start: one process (WORKERS=1), or a primary that owns the database and WORKERS server
// processes forked from this same file (docs/decisions/042-one-process-per-core.md).
async function main() {
  const config = loadConfig();
  const log = (m: string) => console.log(m);
  if (cluster.isWorker) return runWorker(config);
  for (const warning of configWarnings(config)) console.warn(warning);
  if (config.workers > 1) return runPrimary(config, log);
  return runSingleProcess(config, log);
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
