import { describe, expect, it } from 'vitest';
import { DirectoryCache, MAX_AGE_MS, MAX_ENTRIES } from './directory-cache.ts';

/** A load the test resolves when it wants. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function enabledCache(now = () => 0) {
  const cache = new DirectoryCache(now);
  cache.enabled = true;
  return cache;
}

describe('DirectoryCache', () => {
  it('answers a kept value synchronously, and concurrent misses share one load', async () => {
    const cache = enabledCache();
    let loads = 0;
    const d = deferred<string>();
    const load = () => (loads++, d.promise);
    const a = cache.pages.get('k', load);
    const b = cache.pages.get('k', load);
    expect(a).toBe(b);
    d.resolve('body');
    expect(await a).toBe('body');
    expect(cache.pages.get('k', load)).toBe('body'); // not a promise
    expect(loads).toBe(1);
  });

  it('never keeps a load that started before an invalidation, and a later read loads anew', async () => {
    const cache = enabledCache();
    const old = deferred<string>();
    const first = cache.pages.get('k', () => old.promise);
    cache.invalidate(); // a change committed while the old load ran
    const fresh = deferred<string>();
    const second = cache.pages.get('k', () => fresh.promise);
    expect(second).not.toBe(first);
    old.resolve('stale');
    fresh.resolve('new');
    expect(await first).toBe('stale'); // its own callers get it...
    expect(await second).toBe('new');
    expect(cache.pages.get('k', () => Promise.resolve('x'))).toBe('new'); // ...but only the new one is kept
  });

  it('keeps nothing while disabled, and a failed load is not kept', async () => {
    const cache = new DirectoryCache(() => 0);
    expect(await cache.pages.get('k', () => Promise.resolve('a'))).toBe('a');
    expect(cache.pages.size).toBe(0);
    cache.enabled = true;
    await expect(cache.pages.get('k', () => Promise.reject(new Error('db away')))).rejects.toThrow('db away');
    expect(await cache.pages.get('k', () => Promise.resolve('b'))).toBe('b');
    expect(cache.pages.size).toBe(1);
    cache.enabled = false; // LISTEN lost: everything is dropped
    expect(cache.pages.size).toBe(0);
  });

  it('drops everything after MAX_AGE_MS, and holds at most MAX_ENTRIES pages', async () => {
    let now = 0;
    const cache = enabledCache(() => now);
    await cache.totals.get('f', () => Promise.resolve(3));
    now = MAX_AGE_MS - 1;
    cache.expire();
    expect(cache.totals.get('f', () => Promise.resolve(4))).toBe(3);
    now = MAX_AGE_MS;
    cache.expire();
    expect(await cache.totals.get('f', () => Promise.resolve(4))).toBe(4);
    for (let i = 0; i < MAX_ENTRIES + 10; i++) await cache.pages.get(`p${i}`, () => Promise.resolve(String(i)));
    expect(cache.pages.size).toBe(MAX_ENTRIES);
  });
});
