// How the end-to-end files are split between shards (e2e/run-shards.ts): by how long each file's
// tests took in a measured run, not by how many tests it has (decision 099); one accessibility
// test takes seconds, one administration flow minutes. A file stays whole in one shard, its
// desktop and phone runs too: the tests of a file share its set-up and often its data.
import fs from 'node:fs';

/** Seconds the tests of one file took in a measured run, and how many tests that was. */
export type FileDuration = { seconds: number; tests: number };
export type Durations = Record<string, FileDuration>;

/** The committed measurement (refreshed from a run's test-results/durations.json; see README). */
export const DURATIONS_FILE = new URL('./durations.json', import.meta.url);

export function readDurations(file: URL | string = DURATIONS_FILE): Durations {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Durations;
  } catch {
    return {};
  }
}

/**
 * The expected seconds of each selected file: its measured seconds a test times the tests selected
 * now (a `--grep` may select part of a file, and a file may have grown). A file never measured
 * counts the measured mean of a test.
 */
export function expectedSeconds(selected: Record<string, number>, measured: Durations): Record<string, number> {
  const known = Object.values(measured).filter((d) => d.tests > 0);
  const meanPerTest = known.length ? known.reduce((s, d) => s + d.seconds, 0) / known.reduce((s, d) => s + d.tests, 0) : 1;
  return Object.fromEntries(
    Object.entries(selected).map(([file, tests]) => {
      const m = measured[file];
      return [file, tests * (m && m.tests > 0 ? m.seconds / m.tests : meanPerTest)];
    }),
  );
}

/**
 * Splits files into `shards` lists of about equal expected time: the longest file first, each to
 * the list with the least time so far (ties by name, so a plan is the same on every run).
 */
export function planShards(seconds: Record<string, number>, shards: number): string[][] {
  const plan = Array.from({ length: shards }, () => ({ files: [] as string[], total: 0 }));
  const files = Object.keys(seconds).sort((a, b) => seconds[b]! - seconds[a]! || a.localeCompare(b));
  for (const file of files) {
    const least = plan.reduce((min, shard) => (shard.total < min.total ? shard : min));
    least.files.push(file);
    least.total += seconds[file]!;
  }
  return plan.map((shard) => shard.files.sort());
}

/** A measurement as the file e2e/support/durations.json holds it: one line a test file. */
export function formatDurations(durations: Durations): string {
  const lines = Object.entries(durations).map(([file, d]) => `  ${JSON.stringify(file)}: { "seconds": ${d.seconds}, "tests": ${d.tests} }`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

/** Adds up the measurements of several runs (the shards of one run), in whole seconds by file name. */
export function sumDurations(runs: Durations[]): Durations {
  const sum: Durations = {};
  for (const run of runs) {
    for (const [file, d] of Object.entries(run)) {
      const entry = (sum[file] ??= { seconds: 0, tests: 0 });
      entry.seconds += d.seconds;
      entry.tests += d.tests;
    }
  }
  // Whole seconds are plenty for a plan, and keep the committed file's diffs short.
  return Object.fromEntries(Object.keys(sum).sort().map((f) => [f, { seconds: Math.round(sum[f]!.seconds), tests: sum[f]!.tests }]));
}
