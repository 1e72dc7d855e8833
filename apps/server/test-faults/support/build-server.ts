import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './serve-command.ts';

/** The fault tests start the compiled server: build it once per run, from the current source. */
export default function buildServer() {
  execFileSync(process.execPath, [path.join(ROOT, 'apps/server/build.mjs')], { cwd: path.join(ROOT, 'apps/server'), stdio: 'inherit' });
}
