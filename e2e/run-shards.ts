// Runs the end-to-end suite as E2E_SHARDS Playwright processes (default 2), each with its own
// server, embedded PostgreSQL, mail catcher and port, so that no test sees another's data. Most
// of a browser test is waiting (animations, timers, the network), so two shards on two cores take
// little more than half the time of one. Arguments are passed on to every `playwright test`.
//
// Tests tagged @own-server change what every other test of a shard relies on (the hand-over to the
// next session makes every membership not current and moves the current session on): the shards
// leave them out (`--grep-invert @own-server`), and when the arguments select any, one more
// process runs only those (`--grep @own-server`) on port E2E_PORT + E2E_SHARDS with a server,
// database and output folder of its own, at the same time as the shards; it passes or fails like
// a shard. The projects' own filters still apply on top (a test tagged `@own-server @mobile` runs
// at 1280 px and at 390 px there, one after the other, against the same server). A `--grep` or
// `--grep-invert` among the arguments is combined with the runner's, not replaced.
import { spawn, spawnSync } from 'node:child_process';

const OWN = '@own-server';
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3100);
const started = Date.now();

/** The arguments without their grep options, and the grep patterns they gave. */
function splitGrep(argv: string[]) {
  const rest: string[] = [];
  let grep: string | undefined;
  let grepInvert: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = /^(--grep|--grep-invert|-g|-gv)=(.*)$/.exec(a);
    const [name, value] = eq ? [eq[1]!, eq[2]!] : ['--grep', '--grep-invert', '-g', '-gv'].includes(a) ? [a, argv[++i] ?? ''] : [null, null];
    if (name === '--grep' || name === '-g') grep = value!;
    else if (name === '--grep-invert' || name === '-gv') grepInvert = value!;
    else rest.push(a);
  }
  return { rest, grep, grepInvert };
}

const given = splitGrep(process.argv.slice(2));
const userGrep = given.grep ? ['--grep', given.grep] : [];
// Shards: everything the arguments select but the @own-server tests.
const shardArgs = [...given.rest, ...userGrep, '--grep-invert', given.grepInvert ? `${OWN}|${given.grepInvert}` : OWN];
// The extra process: only the @own-server tests among them (both patterns must match the title and tags).
const ownArgs = [...given.rest, '--grep', given.grep ? `^(?=[\\s\\S]*${OWN})(?=[\\s\\S]*(?:${given.grep}))` : OWN, ...(given.grepInvert ? ['--grep-invert', given.grepInvert] : [])];

function childEnv(port: number, outputDir: string): NodeJS.ProcessEnv {
  // Each process picks its own temporary directory and mail port (playwright.config.ts).
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_PORT: String(port), E2E_OUTPUT_DIR: outputDir };
  for (const name of ['E2E_BASE_URL', 'E2E_TMP', 'E2E_DATA_DIR', 'E2E_MAIL_DIR', 'E2E_SMTP_PORT']) delete env[name];
  return env;
}

/** How many tests these arguments select (listing starts no server). */
function countTests(args: string[]): number {
  const out = spawnSync('npx', ['playwright', 'test', '--list', ...args], { env: childEnv(basePort + shards, 'test-results/own-server'), encoding: 'utf8' });
  return Number(/Total: (\d+) tests?/.exec(out.stdout ?? '')?.[1] ?? 0);
}

// A failure's report (its title, error and code frame) as the reporter prints it, kept to be
// printed again after every process has ended: interleaved with three shards' progress lines it
// scrolls far from the end of a long log, and the end is what a CI summary shows.
const FAILURE_START = /^\s+\d+\) \[/;
const FAILURE_END = /^\[\d+\/\d+\]|^\s+\d+ (passed|failed|flaky|skipped|interrupted|did not run)\b/;
const FAILURE_MAX_LINES = 80;
const failures: string[][] = [];

function run(label: string, args: string[], port: number, outputDir: string): Promise<number> {
  const child = spawn('npx', ['playwright', 'test', ...args], { env: childEnv(port, outputDir), stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = label ? `[${label}] ` : '';
  let failure: string[] | null = null;
  const keep = (line: string) => {
    if (FAILURE_START.test(line)) failures.push((failure = []));
    else if (FAILURE_END.test(line)) failure = null;
    if (failure && failure.length < FAILURE_MAX_LINES) failure.push(`${prefix}${line}`);
  };
  const relay = (to: NodeJS.WriteStream) => {
    let rest = '';
    return (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        keep(line);
        to.write(`${prefix}${line}\n`);
      }
    };
  };
  child.stdout.on('data', relay(process.stdout));
  child.stderr.on('data', relay(process.stderr));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const own = countTests(ownArgs) > 0;
// When the arguments select only @own-server tests, the shards have nothing to run (and Playwright
// would fail them with "No tests found"). With nothing selected at all, the shards say so as before.
const shardCount = own && countTests(shardArgs) === 0 ? 0 : shards;
// Folders side by side: each process empties its own at the start.
const split = shardCount > 1 || own;
const runs = Array.from({ length: shardCount }, (_, i) =>
  run(split ? `shard ${i + 1}/${shards}` : '', [...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : []), ...shardArgs], basePort + i, split ? `test-results/shard-${i + 1}` : 'test-results'),
);
if (own) runs.push(run('own server', ownArgs, basePort + shards, 'test-results/own-server'));
const codes = await Promise.all(runs);
const failed = codes.filter((c) => c !== 0).length;
if (failures.length) console.log(`\ne2e failures, as reported above:\n${failures.map((f) => f.join('\n')).join('\n\n')}\n`);
console.log(`e2e: ${codes.length - failed} of ${codes.length} processes passed (${shardCount} shards${own ? ` and the ${OWN} tests` : ''}) in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
