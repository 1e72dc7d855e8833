// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { VotingStatusItem } from '@/lib/elections.ts';
import { PROGRESS_KEY, readProgress, reconcile, writeProgress } from './progress.ts';

const ids = { electionId: 'e1', userId: 'u1' };

beforeEach(() => localStorage.clear());

describe('voting progress in local storage', () => {
  it('reads back what was written for the same election and member only', () => {
    writeProgress({ ...ids, votes: { President: 'p1' }, complete: true });
    expect(readProgress('e1', 'u1')).toEqual({ ...ids, votes: { President: '' }, complete: true });
    expect(readProgress('e2', 'u1')).toBeNull();
    expect(readProgress('e1', 'u2')).toBeNull();
  });

  it('keeps which positions were voted, never for whom (ballot secrecy on a shared device)', () => {
    writeProgress({ ...ids, votes: { President: 'p1', Treasurer: 't1' }, complete: false });
    const raw = localStorage.getItem(PROGRESS_KEY)!;
    expect(raw).not.toContain('p1');
    expect(raw).not.toContain('t1');
    expect(JSON.parse(raw)).toMatchObject({ electionId: 'e1', userId: 'u1', votes: { President: true, Treasurer: true }, complete: false });
  });

  it('survives garbage in storage', () => {
    localStorage.setItem(PROGRESS_KEY, '{not json');
    expect(readProgress('e1', 'u1')).toBeNull();
  });
});

describe('reconcile: the server is the truth, the device names the choice', () => {
  const receipt = (position: string, candidate_id: string) => ({ position, candidate_id, candidate_name: '', receipt: 'K7QF-2M9C-XW4T' });

  it('takes the positions my-votes reports as voted, names them from the device\'s receipts, and drops local votes it does not know', () => {
    const stored = { ...ids, votes: { President: 'p2', Treasurer: 't1' }, complete: false };
    const result = reconcile(
      stored,
      [
        { position: 'President', hasVoted: true, votedFor: null },
        { position: 'Treasurer', hasVoted: false, votedFor: null },
      ],
      [receipt('President', 'p1'), receipt('Treasurer', 't1')],
      ids,
      () => false,
    );
    expect(result.votes).toEqual({ President: 'p1' });
  });

  it('marks a position voted for nobody it can name when the receipt is not on this device, whatever the server names', () => {
    // The spec's shape names the candidate; the server no longer knows it, and a name is never guessed from.
    const named = { position: 'President', hasVoted: true, votedFor: { candidate_name: 'Bayo' } } as unknown as VotingStatusItem;
    expect(reconcile(null, [named], [], ids, () => false).votes).toEqual({ President: '' });
    expect(reconcile(null, [named], [receipt('Treasurer', 't1')], ids, () => false).votes).toEqual({ President: '' });
  });

  it('keeps the complete flag only while nothing is missing', () => {
    const stored = { ...ids, votes: {}, complete: true };
    expect(reconcile(stored, [], [], ids, () => false).complete).toBe(true);
    expect(reconcile(stored, [], [], ids, () => true).complete).toBe(false);
    expect(reconcile(null, [], [], ids, () => false).complete).toBe(false);
  });
});
