import fs from 'node:fs';
import path from 'node:path';

/**
 * One app process per data directory. The lock file holds the owner's pid; a lock left by a
 * process that no longer exists (after kill -9) is taken over, so a restart needs no repair.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'app.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another AESA Portal process (pid ${owner}) is already using the data directory ${dataDir}. Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}

export class DataDirLockedError extends Error {}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
