import fs from 'node:fs';
import path from 'node:path';

// The tests that start the real server start it as `npm start` does: with the node arguments of
// the root package.json's `serve` script (the compiled server, apps/server/dist), read from there
// so that the two never drift apart. `npm run build` (or the faults' global setup) builds it.

export const ROOT = path.resolve(import.meta.dirname, '../../../..');

function scriptArgs(name: string): string[] {
  const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const command = scripts[name] ?? '';
  if (!command.startsWith('node ')) throw new Error(`the ${name} script is not a plain node command: ${command}`);
  return command.slice('node '.length).split(/\s+/).filter(Boolean);
}

/** Arguments after `node` that start the server, as `npm run serve` does. */
export const serveArgs = (): string[] => scriptArgs('serve');

/** Arguments after `node` that run an operator's command (`create-admin`, `demo-logins`). */
export const cliArgs = (name: 'create-admin' | 'demo-logins'): string[] => scriptArgs(name);
