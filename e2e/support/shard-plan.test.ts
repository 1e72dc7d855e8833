import { describe, expect, it } from 'vitest';
import { expectedSeconds, planShards, sumDurations } from './shard-plan.ts';

describe('the e2e shard plan', () => {
  it('splits files by their time, not their count, longest first to the least loaded shard', () => {
    // a (300) and d (250) open the two shards; e (60) goes beside d (310), b (20) beside a (320),
    // and c (20) beside d again: 320 and 330 s, where files in order would give 340 and 310 or worse.
    const plan = planShards({ 'a.spec.ts': 300, 'b.spec.ts': 20, 'c.spec.ts': 20, 'd.spec.ts': 250, 'e.spec.ts': 60 }, 2);
    expect(plan).toEqual([['a.spec.ts', 'b.spec.ts'], ['c.spec.ts', 'd.spec.ts', 'e.spec.ts']]);
  });

  it('gives every file to exactly one shard, and leaves shards empty when there are more shards than files', () => {
    const seconds = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}.spec.ts`, (i * 37) % 11]));
    const plan = planShards(seconds, 3);
    expect(plan.flat().sort()).toEqual(Object.keys(seconds).sort());
    expect(planShards({ 'only.spec.ts': 5 }, 3)).toEqual([['only.spec.ts'], [], []]);
  });

  it('expects a file its measured time a test times the tests selected now, and a new file the mean of a test', () => {
    const measured = { 'a.spec.ts': { seconds: 100, tests: 10 }, 'b.spec.ts': { seconds: 300, tests: 10 } };
    expect(expectedSeconds({ 'a.spec.ts': 4, 'b.spec.ts': 10, 'new.spec.ts': 2 }, measured)).toEqual({ 'a.spec.ts': 40, 'b.spec.ts': 300, 'new.spec.ts': 40 });
  });

  it('adds up the shards of a run by file, in whole seconds', () => {
    const sum = sumDurations([{ 'b.spec.ts': { seconds: 1.4, tests: 1 } }, { 'b.spec.ts': { seconds: 2.3, tests: 2 }, 'a.spec.ts': { seconds: 9.6, tests: 3 } }]);
    expect(sum).toEqual({ 'a.spec.ts': { seconds: 10, tests: 3 }, 'b.spec.ts': { seconds: 4, tests: 3 } });
    expect(Object.keys(sum)).toEqual(['a.spec.ts', 'b.spec.ts']);
  });
});
