import { describe, expect, it } from 'vitest';
import { formatPercent, positionOutcome, positionShares, votePercent } from './results.ts';

const c = (id: string, votes: number) => ({ candidate_id: id, candidate_name: id.toUpperCase(), votes });

describe('votePercent', () => {
  it('rounds half up to one decimal', () => {
    expect(votePercent(1, 3)).toBe(33.3);
    expect(votePercent(2, 3)).toBe(66.7);
    expect(votePercent(1, 6)).toBe(16.7);
    expect(votePercent(1, 8)).toBe(12.5);
    expect(votePercent(1, 16)).toBe(6.3); // 6.25 goes up
    expect(votePercent(29, 200)).toBe(14.5);
    expect(votePercent(1, 2001)).toBe(0); // 0.0499…
    expect(votePercent(3, 3)).toBe(100);
  });

  it('is 0 for everyone when nobody voted', () => {
    expect(votePercent(0, 0)).toBe(0);
    expect(votePercent(0, 5)).toBe(0);
  });

  it('gives tied candidates the same share, even when the shares do not add up to 100', () => {
    const shares = [1, 1, 1].map((v) => votePercent(v, 3));
    expect(shares).toEqual([33.3, 33.3, 33.3]);
  });
});

describe('formatPercent', () => {
  it('drops a trailing .0', () => {
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(33.3)).toBe('33.3%');
  });
});

describe('positionOutcome', () => {
  it('names the one candidate ahead', () => {
    const a = c('a', 5);
    expect(positionOutcome([a, c('b', 3)])).toEqual({ kind: 'winner', winner: a });
  });

  it('a shared top is a tie, never a winner', () => {
    const [a, b] = [c('a', 4), c('b', 4)];
    expect(positionOutcome([a, b, c('x', 1)])).toEqual({ kind: 'tie', tied: [a, b], votes: 4 });
  });

  it('no votes, or no candidates, is no outcome', () => {
    expect(positionOutcome([c('a', 0), c('b', 0)])).toEqual({ kind: 'no-votes' });
    expect(positionOutcome([c('a', 0)])).toEqual({ kind: 'no-votes' });
    expect(positionOutcome([])).toEqual({ kind: 'no-candidates' });
  });
});

describe('positionShares', () => {
  it('marks the winner, the tied and nobody else', () => {
    const won = positionShares([c('a', 3), c('b', 1)]);
    expect(won.total).toBe(4);
    expect(won.shares.map((s) => [s.percent, s.mark])).toEqual([[75, 'winner'], [25, null]]);
    const tied = positionShares([c('a', 2), c('b', 2), c('x', 0)]);
    expect(tied.shares.map((s) => s.mark)).toEqual(['tied', 'tied', null]);
    expect(positionShares([c('a', 0)]).shares[0]).toMatchObject({ percent: 0, mark: null });
  });
});
