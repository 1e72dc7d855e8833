// Builds the server to plain JavaScript in apps/server/dist (docs/decisions/041-compiled-server.md):
// the entry points (the server and the operator's command-line tools) with our own code and the
// shared package bundled in, every npm dependency left as an import that node resolves from
// node_modules, and the migrations' SQL copied beside the code that reads it.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const shared = JSON.parse(fs.readFileSync(path.join(here, '../../packages/shared/package.json'), 'utf8'));
// The shared package is TypeScript source: it is compiled in. Everything else stays external.
const external = [...Object.keys(pkg.dependencies), ...Object.keys(shared.dependencies)].filter((name) => !name.startsWith('@aesa/'));

fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', 'create-admin': 'src/cli/create-admin.ts', 'demo-logins': 'src/cli/demo-logins.ts' },
  absWorkingDir: here,
  outdir: dist,
  bundle: true,
  splitting: true,
  // Every output file sits directly in dist, so that `import.meta.url` names the same folder
  // from any of them (db/migrate.ts finds dist/migrations that way).
  chunkNames: 'shared-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
