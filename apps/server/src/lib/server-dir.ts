import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server): the nearest folder upwards that holds a
 * package.json. Found this way, not by a fixed number of `..`, because this code runs from its
 * source (src/lib) in tests and from the compiled bundle (dist) in production.
 */
export const SERVER_DIR = findPackageDir(path.dirname(fileURLToPath(import.meta.url)));

function findPackageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
