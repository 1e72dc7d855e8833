import { describe, expect, it } from 'vitest';
import { HEALTHY_RUN_MS, restartDelay } from './restart-backoff.ts';

describe('restartDelay', () => {
  it('doubles the wait for each quick failure in a row, up to 30 s', () => {
    let failures = 0;
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      const next = restartDelay(failures, 1000);
      failures = next.failures;
      delays.push(next.delayMs);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('starts over after a process that ran for a minute', () => {
    expect(restartDelay(7, HEALTHY_RUN_MS)).toEqual({ delayMs: 500, failures: 1 });
    expect(restartDelay(7, HEALTHY_RUN_MS - 1).delayMs).toBe(30_000);
  });
});
