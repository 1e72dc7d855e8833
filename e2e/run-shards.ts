// Runs the end-to-end suite as E2E_SHARDS Playwright processes (default 2), each with its own
// server, embedded PostgreSQL, mail catcher and port, so that no test sees another's data. Most
// of a browser test is waiting (animations, timers, the network), so two shards on two cores take
// little more than half the time of one. Arguments are passed on to every `playwright test`.
import { spawn } from 'node:child_process';

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3100);
const args = process.argv.slice(2);
const started = Date.now();

function runShard(index: number): Promise<number> {
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
  // Each shard picks its own temporary directory and mail port (playwright.config.ts).
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_PORT: String(basePort + index - 1), E2E_OUTPUT_DIR: shards > 1 ? `test-results/shard-${index}` : 'test-results' };
  for (const name of ['E2E_BASE_URL', 'E2E_TMP', 'E2E_DATA_DIR', 'E2E_MAIL_DIR', 'E2E_SMTP_PORT']) delete env[name];
  const child = spawn('npx', ['playwright', 'test', ...shardArgs, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = shards > 1 ? `[shard ${index}/${shards}] ` : '';
  const relay = (to: NodeJS.WriteStream) => {
    let rest = '';
    return (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) to.write(`${prefix}${line}\n`);
    };
  };
  child.stdout.on('data', relay(process.stdout));
  child.stderr.on('data', relay(process.stderr));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const failed = codes.filter((c) => c !== 0).length;
console.log(`e2e: ${shards - failed} of ${shards} shards passed in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
