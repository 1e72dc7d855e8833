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
//
// The shards are given whole files, split by how long each file took in a measured run
// (e2e/support/shard-plan.ts), as a `--test-list` each, which narrows what the other arguments
// select. After the run, test-results/durations.json holds this run's own measurement.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Durations, expectedSeconds, formatDurations, planShards, readDurations, sumDurations } from './support/shard-plan.ts';

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

/** How many tests these arguments select in each file (listing starts no server). */
function listTests(args: string[]): Record<string, number> {
  const out = spawnSync('npx', ['playwright', 'test', '--list', ...args], { env: childEnv(basePort + shards, 'test-results/own-server'), encoding: 'utf8' });
  const counts: Record<string, number> = {};
  // "  [desktop] › members.spec.ts:12:3 › directory › ..."
  for (const [, file] of (out.stdout ?? '').matchAll(/^\s+\[[^\]]+\] › (.+?):\d+:\d+ › /gm)) counts[file!] = (counts[file!] ?? 0) + 1;
  return counts;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

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

const own = total(listTests(ownArgs)) > 0;
const selected = listTests(shardArgs);
// When the arguments select only @own-server tests, the shards have nothing to run (and Playwright
// would fail them with "No tests found"). With nothing selected at all, one shard says so as before.
const plan = own && total(selected) === 0 ? [] : shards === 1 || total(selected) === 0 ? [null] : planShards(expectedSeconds(selected, readDurations()), shards);
// Folders side by side: each process empties its own at the start.
const split = shards > 1 || own;
const lists = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-e2e-lists-'));
process.once('exit', () => fs.rmSync(lists, { recursive: true, force: true }));
const runs: Promise<number>[] = [];
plan.forEach((files, i) => {
  // A shard whose plan is empty (more shards than files) is not started.
  if (files?.length === 0) return;
  const label = split ? `shard ${i + 1}/${shards}` : '';
  const listArgs: string[] = [];
  if (files) {
    const list = path.join(lists, `shard-${i + 1}.txt`);
    fs.writeFileSync(list, `${files.join('\n')}\n`);
    listArgs.push('--test-list', list);
    console.log(`[${label}] ${files.length} files: ${files.join(', ')}`);
  }
  runs.push(run(label, [...listArgs, ...shardArgs], basePort + i, split ? `test-results/shard-${i + 1}` : 'test-results'));
});
if (own) runs.push(run('own server', ownArgs, basePort + shards, 'test-results/own-server'));
const codes = await Promise.all(runs);
const failed = codes.filter((c) => c !== 0).length;
if (split) {
  // The measurements of the shards that ran, as one, for e2e/support/durations.json (the
  // @own-server process runs beside the shards, not in them, so it is left out).
  const measured: Durations[] = plan.flatMap((files, i) => (files?.length === 0 ? [] : [readDurations(path.join('test-results', `shard-${i + 1}`, 'durations.json'))]));
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync(path.join('test-results', 'durations.json'), formatDurations(sumDurations(measured)));
}
if (failures.length) console.log(`\ne2e failures, as reported above:\n${failures.map((f) => f.join('\n')).join('\n\n')}\n`);
console.log(`e2e: ${codes.length - failed} of ${codes.length} processes passed (${codes.length - (own ? 1 : 0)} shards${own ? ` and the ${OWN} tests` : ''}) in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
