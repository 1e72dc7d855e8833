// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Position } from '@aesa/shared/constants';
import type { VotingStatusItem } from '@/lib/elections.ts';
import { activeCandidate } from '@/testing/factories.ts';
import { PROGRESS_KEY, readProgress, reconcile, writeProgress } from './progress.ts';

const candidate = (id: string, position: Position, name: string) => activeCandidate(id, position, { name });
const candidates = [candidate('p1', 'President', 'Ada'), candidate('p2', 'President', 'Bayo'), candidate('t1', 'Treasurer', 'Chi')];
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

describe('reconcile: the server is the truth', () => {
  it('takes the votes my-votes reports and drops local votes it does not know', () => {
    const stored = { ...ids, votes: { President: 'p2', Treasurer: 't1' }, complete: false };
    const result = reconcile(
      stored,
      [
        { position: 'President', hasVoted: true, votedFor: { candidate_id: 'p1', candidate_name: 'Ada' } },
        { position: 'Treasurer', hasVoted: false, votedFor: null },
      ],
      candidates,
      ids,
      () => false,
    );
    expect(result.votes).toEqual({ President: 'p1' });
  });

  it('finds the candidate by name when the server names only the candidate', () => {
    // The spec's own shape: votedFor {candidate_name} only.
    const specShape = { position: 'President', hasVoted: true, votedFor: { candidate_name: 'Bayo' } } as unknown as VotingStatusItem;
    const result = reconcile(null, [specShape], candidates, ids, () => false);
    expect(result.votes).toEqual({ President: 'p2' });
  });

  it('keeps the complete flag only while nothing is missing', () => {
    const stored = { ...ids, votes: {}, complete: true };
    expect(reconcile(stored, [], candidates, ids, () => false).complete).toBe(true);
    expect(reconcile(stored, [], candidates, ids, () => true).complete).toBe(false);
    expect(reconcile(null, [], candidates, ids, () => false).complete).toBe(false);
  });
});
