import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_AGE_MS, ResultsCache, type CachedResults } from './results-cache.ts';

const meta = { id: 'e1', title: 'E', is_active: true, is_publicly_visible: true, results_published: true, start_time: new Date(0), end_time: new Date(1), batch_counts: null, batch_cut_at: null };
const value = (n: number): CachedResults => ({ meta, results: [{ position: 'President', candidates: [{ candidate_id: 'c', candidate_name: 'C', votes: n }] }], body: String(n), publicResults: [], publicBody: null });

/** A loader whose answers the test releases one by one. */
function controlledLoader() {
  const calls: { resolve: (v: CachedResults) => void }[] = [];
  const load = vi.fn(() => new Promise<CachedResults>((resolve) => calls.push({ resolve })));
  return { load, calls };
}

afterEach(() => vi.useRealTimers());

describe('ResultsCache', () => {
  it('shares one load between concurrent readers and keeps the value', async () => {
    const { load, calls } = controlledLoader();
    const cache = new ResultsCache(load);
    cache.enabled = true;
    const a = cache.get('e1');
    const b = cache.get('e1');
    expect(load).toHaveBeenCalledTimes(1);
    calls[0]!.resolve(value(1));
    expect((await a).body).toBe('1');
    expect((await b).body).toBe('1');
    expect(cache.peek('e1')?.body).toBe('1');
    await cache.get('e1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never stores a load that started before an invalidation', async () => {
    const { load, calls } = controlledLoader();
    const cache = new ResultsCache(load);
    cache.enabled = true;
    const stale = cache.get('e1');
    cache.invalidate('e1'); // a vote committed while the read ran
    const fresh = cache.get('e1');
    expect(load).toHaveBeenCalledTimes(2);
    calls[1]!.resolve(value(2));
    calls[0]!.resolve(value(1));
    expect((await stale).body).toBe('1'); // answered to its reader...
    expect((await fresh).body).toBe('2');
    expect(cache.peek('e1')?.body).toBe('2'); // ...but never kept
  });

  it('does not cache while disabled (LISTEN down) and forgets everything on clear', async () => {
    let n = 0;
    const cache = new ResultsCache(async () => value(++n));
    expect((await cache.get('e1')).body).toBe('1');
    expect((await cache.get('e1')).body).toBe('2');
    expect(cache.peek('e1')).toBeUndefined();
    cache.enabled = true;
    await cache.get('e1');
    expect(cache.peek('e1')?.body).toBe('3');
    cache.clear();
    expect(cache.peek('e1')).toBeUndefined();
  });

  it('does not keep unknown elections, and reloads entries older than MAX_AGE_MS', async () => {
    vi.useFakeTimers();
    let n = 0;
    const cache = new ResultsCache(async (id) => (id === 'nope' ? { meta: null, results: [], body: null, publicResults: [], publicBody: null } : value(++n)));
    cache.enabled = true;
    await cache.get('nope');
    expect(cache.peek('nope')).toBeUndefined();
    await cache.get('e1');
    vi.advanceTimersByTime(MAX_AGE_MS - 1);
    expect(cache.peek('e1')?.body).toBe('1');
    vi.advanceTimersByTime(2);
    expect(cache.peek('e1')).toBeUndefined();
    expect((await cache.get('e1')).body).toBe('2');
  });
});
