// Writes how long each test file's tests took in this run, summed over its projects, to
// durations.json in the run's output folder. e2e/run-shards.ts gathers the shards' files into
// test-results/durations.json; copied to e2e/support/durations.json, it is what later runs split
// their shards by (e2e/support/shard-plan.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { type Durations, formatDurations, sumDurations } from './shard-plan.ts';

export default class DurationsReporter implements Reporter {
  private rootDir = '';
  private readonly files: Durations = {};

  onBegin(config: FullConfig) {
    this.rootDir = config.rootDir;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(this.rootDir, test.location.file).split(path.sep).join('/');
    const entry = (this.files[file] ??= { seconds: 0, tests: 0 });
    entry.seconds += result.duration / 1000;
    entry.tests += 1;
  }

  onEnd() {
    const outputDir = process.env.E2E_OUTPUT_DIR ?? 'test-results';
    fs.mkdirSync(outputDir, { recursive: true });
    fs.writeFileSync(path.join(outputDir, 'durations.json'), formatDurations(sumDurations([this.files])));
  }
}
