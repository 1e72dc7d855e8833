import { describe, expect, it } from 'vitest';
import { DirectoryCache } from './directory-cache.ts';

// The cache rules themselves (shared loads, stale loads never kept, off while LISTEN is down,
// age and size bounds) are tested in lib/keyed-cache.test.ts; here only what the directory adds.
describe('DirectoryCache', () => {
  it('drops pages and totals together on any change, loads under way included', async () => {
    const cache = new DirectoryCache(() => 0);
    cache.enabled = true;
    await cache.pages.get('p', () => Promise.resolve('page'));
    await cache.totals.get('f', () => Promise.resolve(3));
    let release!: (v: string) => void;
    const loading = cache.pages.get('q', () => new Promise<string>((r) => (release = r)));
    const generation = cache.generation;
    cache.invalidate();
    release('stale');
    expect(await loading).toBe('stale');
    expect(cache.generation).toBe(generation + 1);
    expect(cache.pages.size).toBe(0);
    expect(cache.totals.size).toBe(0);
  });

  it('switches both caches off and on together, and counts the switch as a change', async () => {
    const cache = new DirectoryCache(() => 0);
    expect(cache.enabled).toBe(false);
    cache.enabled = true;
    await cache.totals.get('f', () => Promise.resolve(3));
    const generation = cache.generation;
    cache.enabled = false;
    expect(cache.pages.enabled || cache.totals.enabled).toBe(false);
    expect(cache.totals.size).toBe(0);
    expect(cache.generation).toBe(generation + 1);
  });
});
