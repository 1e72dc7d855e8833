import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED, RefusedWindows } from './refused-windows.ts';

describe('refused windows remembered in a process', () => {
  it('counts the refusals of a remembered key until its window resets', () => {
    const clock = { now: 1000 };
    const refusals = new RefusedWindows(() => clock.now);
    expect(refusals.hit('k')).toBeNull();
    refusals.remember('k', { current: 11, ttl: 500 });
    expect(refusals.hit('k')).toEqual({ current: 12, ttl: 500 });
    clock.now += 200;
    expect(refusals.peek('k')).toEqual({ current: 12, ttl: 300 });
    clock.now += 300;
    expect(refusals.hit('k')).toBeNull();
    expect(refusals.size).toBe(0);
  });

  it('when full, drops the expired keys, then those resetting soonest, making room for many at once', () => {
    const clock = { now: 0 };
    const refusals = new RefusedWindows(() => clock.now);
    // Key i resets at 100 + i, in an order unlike insertion order: odd keys last.
    const resetIn = (i: number) => (i % 2 ? MAX_REMEMBERED : 0) + i;
    for (let i = 0; i < MAX_REMEMBERED; i++) refusals.remember(`k${i}`, { current: 2, ttl: 100 + resetIn(i) });
    expect(refusals.size).toBe(MAX_REMEMBERED);
    clock.now = 100 + 1; // k0 expired
    refusals.remember('newcomer', { current: 2, ttl: 100 });
    const kept = MAX_REMEMBERED * 0.9;
    expect(refusals.size).toBe(kept + 1);
    expect(refusals.peek('k0')).toBeNull();
    // The even keys reset first: the first 1,000 went (k0 expired, then k2 ... k1998).
    expect(refusals.peek('k1998')).toBeNull();
    expect(refusals.peek('k2000')).not.toBeNull();
    expect(refusals.peek('k1')).not.toBeNull();
    expect(refusals.peek('newcomer')).not.toBeNull();
    // Room was made for many: the next 998 keys are added without dropping any.
    for (let i = 0; i < MAX_REMEMBERED - kept - 1; i++) refusals.remember(`more${i}`, { current: 2, ttl: 100 });
    expect(refusals.size).toBe(MAX_REMEMBERED);
    expect(refusals.peek('k2000')).not.toBeNull();
  });
});
