import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_EVERY_MS, VoteAnnouncer } from './vote-announcer.ts';

afterEach(() => vi.useRealTimers());

describe('VoteAnnouncer', () => {
  it('announces a burst of votes once per election per window, and flushes what waits', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const announcer = new VoteAnnouncer(async (id) => void sent.push(id), { error: () => {} });
    for (let i = 0; i < 50; i++) announcer.voteCommitted('a');
    announcer.voteCommitted('b');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.sort()).toEqual(['a', 'b']);
    for (let i = 0; i < 50; i++) announcer.voteCommitted('a');
    await vi.advanceTimersByTimeAsync(ANNOUNCE_EVERY_MS - 10);
    expect(sent.filter((s) => s === 'a')).toHaveLength(1); // still inside the window
    await vi.advanceTimersByTimeAsync(10);
    expect(sent.filter((s) => s === 'a')).toHaveLength(2);
    announcer.voteCommitted('a');
    await announcer.flush(); // shutdown: sent at once, not lost
    expect(sent.filter((s) => s === 'a')).toHaveLength(3);
  });

  it('a failed NOTIFY is logged, not thrown', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const announcer = new VoteAnnouncer(() => Promise.reject(new Error('db away')), { error: (obj) => errors.push(obj) });
    announcer.voteCommitted('a');
    await vi.advanceTimersByTimeAsync(1);
    expect(errors).toHaveLength(1);
  });
});
