import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyedCache } from './keyed-cache.ts';

/** A load the test resolves when it wants. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const MAX_AGE_MS = 5000;

function enabledCache<V>(options: Partial<ConstructorParameters<typeof KeyedCache<V>>[0]> = {}) {
  const cache = new KeyedCache<V>({ maxEntries: 100, maxAgeMs: MAX_AGE_MS, now: () => 0, ...options });
  cache.enabled = true;
  return cache;
}

afterEach(() => vi.useRealTimers());

describe('KeyedCache', () => {
  it('answers a kept value synchronously, and concurrent misses share one load', async () => {
    const cache = enabledCache<string>();
    let loads = 0;
    const d = deferred<string>();
    const load = () => (loads++, d.promise);
    const a = cache.get('k', load);
    const b = cache.get('k', load);
    expect(a).toBe(b);
    d.resolve('body');
    expect(await a).toBe('body');
    expect(cache.get('k', load)).toBe('body'); // not a promise
    expect(cache.peek('k')).toBe('body');
    expect(loads).toBe(1);
  });

  it('uses the load given at construction when a read gives none', async () => {
    const load = vi.fn(async (key: string) => `value of ${key}`);
    const cache = enabledCache<string>({ load });
    expect(await cache.get('e1')).toBe('value of e1');
    expect(cache.get('e1')).toBe('value of e1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never keeps a load that started before its key was invalidated', async () => {
    const cache = enabledCache<string>();
    const old = deferred<string>();
    const first = cache.get('k', () => old.promise);
    cache.invalidate('k'); // a vote committed while the read ran
    const fresh = deferred<string>();
    const second = cache.get('k', () => fresh.promise);
    expect(second).not.toBe(first);
    fresh.resolve('new');
    old.resolve('stale');
    expect(await first).toBe('stale'); // answered to its own callers...
    expect(await second).toBe('new');
    expect(cache.peek('k')).toBe('new'); // ...but never kept
  });

  it('never keeps a load that started before everything was cleared', async () => {
    const cache = enabledCache<string>();
    const old = deferred<string>();
    const first = cache.get('k', () => old.promise);
    cache.clear(); // a change committed while the old load ran
    const fresh = deferred<string>();
    const second = cache.get('k', () => fresh.promise);
    old.resolve('stale');
    fresh.resolve('new');
    expect(await first).toBe('stale');
    expect(await second).toBe('new');
    expect(cache.get('k', () => Promise.resolve('x'))).toBe('new');
  });

  it('keeps nothing while disabled (LISTEN down); switching drops everything; a failed load is not kept', async () => {
    const cache = new KeyedCache<string>({ maxEntries: 10, maxAgeMs: MAX_AGE_MS });
    expect(await cache.get('k', () => Promise.resolve('a'))).toBe('a');
    expect(cache.size).toBe(0);
    expect(cache.peek('k')).toBeUndefined();
    cache.enabled = true;
    await expect(cache.get('k', () => Promise.reject(new Error('db away')))).rejects.toThrow('db away');
    expect(await cache.get('k', () => Promise.resolve('b'))).toBe('b');
    expect(cache.size).toBe(1);
    cache.enabled = false; // LISTEN lost: everything is dropped
    expect(cache.size).toBe(0);
  });

  it('does not keep what `keep` refuses (unknown ids)', async () => {
    const cache = enabledCache<{ found: boolean }>({ keep: (v) => v.found });
    await cache.get('nope', async () => ({ found: false }));
    expect(cache.peek('nope')).toBeUndefined();
    await cache.get('e1', async () => ({ found: true }));
    expect(cache.peek('e1')).toEqual({ found: true });
  });

  it('serves a value for less than maxAgeMs after its load started, and holds at most maxEntries', async () => {
    let now = 0;
    const cache = enabledCache<number>({ now: () => now, maxEntries: 50 });
    await cache.get('f', () => Promise.resolve(3));
    now = MAX_AGE_MS - 1;
    expect(cache.get('f', () => Promise.resolve(4))).toBe(3);
    now = MAX_AGE_MS;
    expect(await cache.get('f', () => Promise.resolve(4))).toBe(4);
    for (let i = 0; i < 60; i++) await cache.get(`p${i}`, () => Promise.resolve(i));
    expect(cache.size).toBe(50);
    expect(cache.peek('p59')).toBe(59);
    expect(cache.peek('p0')).toBeUndefined(); // the oldest went first
  });

  it('reads the real clock by default (fake timers included)', async () => {
    vi.useFakeTimers();
    const cache = new KeyedCache<number>({ maxEntries: 10, maxAgeMs: MAX_AGE_MS });
    cache.enabled = true;
    await cache.get('e1', () => Promise.resolve(1));
    vi.advanceTimersByTime(MAX_AGE_MS - 1);
    expect(cache.peek('e1')).toBe(1);
    vi.advanceTimersByTime(2);
    expect(cache.peek('e1')).toBeUndefined();
  });
});
