import { describe, expect, it } from 'vitest';
import { MAX_WINDOWS, ProcessRateLimitStore } from './process-store.ts';

const WINDOW = 60_000;

function storeAt(start = 1_000_000) {
  const clock = { now: start };
  const store = new ProcessRateLimitStore(() => clock.now);
  const hit = (key: string) => {
    let answer: { current: number; ttl: number } | undefined;
    store.incr(key, (_err, result) => (answer = result), WINDOW);
    return answer!;
  };
  return { clock, store, hit };
}

describe('per-process rate limit windows', () => {
  it('counts a key within its window and starts again once the window resets', () => {
    const { clock, hit } = storeAt();
    expect(hit('a')).toEqual({ current: 1, ttl: WINDOW });
    clock.now += 1000;
    expect(hit('a')).toEqual({ current: 2, ttl: WINDOW - 1000 });
    expect(hit('b').current).toBe(1);
    clock.now += WINDOW;
    expect(hit('a')).toEqual({ current: 1, ttl: WINDOW });
  });

  it('keeps at most MAX_WINDOWS keys, dropping the window that resets soonest when full', () => {
    const { clock, store, hit } = storeAt();
    for (let i = 0; i < MAX_WINDOWS; i++) {
      hit(`k${i}`);
      if (i === 0) hit('k0');
      clock.now += 1;
    }
    expect(store.size).toBe(MAX_WINDOWS);
    hit('newcomer');
    expect(store.size).toBe(MAX_WINDOWS);
    // k0 (the oldest window) was dropped and counts from one again; k1's window is now the oldest.
    expect(hit('k0').current).toBe(1);
    expect(store.size).toBe(MAX_WINDOWS);
    expect(hit('k2').current).toBe(2);
    expect(hit('newcomer').current).toBe(2);
    expect(hit('k1').current).toBe(1);
  });

  it('drops expired windows before live ones, and a window that starts again counts as the newest', () => {
    const { clock, store, hit } = storeAt();
    const half = MAX_WINDOWS / 2;
    for (let i = 0; i < half; i++) hit(`early${i}`);
    clock.now += WINDOW / 2;
    for (let i = 0; i < half; i++) hit(`late${i}`);
    clock.now += WINDOW / 2 + 1; // the early windows have reset, the late ones have not
    expect(hit('early0').current).toBe(1); // starts again, at the back
    expect(store.size).toBe(half + 1);
    expect(hit('late0').current).toBe(2);
    // Fill up with live windows: the late ones now reset soonest, early0's window last.
    for (let i = 0; store.size < MAX_WINDOWS; i++) hit(`fill${i}`);
    hit('one-more');
    expect(store.size).toBe(MAX_WINDOWS);
    expect(hit('early0').current).toBe(2);
    expect(hit('late1').current).toBe(2);
    expect(hit('late0').current).toBe(1);
  });
});
