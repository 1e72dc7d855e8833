import { describe, expect, it } from 'vitest';
import type { PositionResult } from '@aesa/shared/elections';
import { batchedResults, nextBatch } from './public-tallies.ts';

const results = (president: [number, number], secretary: number): PositionResult[] => [
  { position: 'President', candidates: [{ candidate_id: 'a', candidate_name: 'Ada', votes: president[0] }, { candidate_id: 'b', candidate_name: 'Bayo', votes: president[1] }] },
  { position: 'General Secretary', candidates: [{ candidate_id: 'c', candidate_name: 'Efe', votes: secretary }] },
];

describe('nextBatch', () => {
  it('moves a position only after at least minVotes new votes for it; the others keep their counts', () => {
    expect(nextBatch(results([1, 1], 0), null, 3)).toBeNull();
    const first = nextBatch(results([2, 1], 2), null, 3);
    expect(first).toEqual({ a: 2, b: 1, c: 0 });
    expect(nextBatch(results([3, 2], 4), first, 3)).toEqual({ a: 2, b: 1, c: 4 });
    expect(nextBatch(results([3, 2], 4), { a: 2, b: 1, c: 4 }, 3)).toBeNull();
    expect(nextBatch(results([4, 2], 4), { a: 2, b: 1, c: 4 }, 3)).toEqual({ a: 4, b: 2, c: 4 });
  });

  it('a minimum of 1 follows every vote', () => {
    expect(nextBatch(results([1, 0], 0), null, 1)).toEqual({ a: 1, b: 0, c: 0 });
  });
});

describe('batchedResults', () => {
  it('shows the batch counts, 0 for unknown candidates, ordered by those counts then name', () => {
    expect(batchedResults(results([9, 7], 5), { a: 1, b: 2 })).toEqual([
      { position: 'President', candidates: [{ candidate_id: 'b', candidate_name: 'Bayo', votes: 2 }, { candidate_id: 'a', candidate_name: 'Ada', votes: 1 }] },
      { position: 'General Secretary', candidates: [{ candidate_id: 'c', candidate_name: 'Efe', votes: 0 }] },
    ]);
    // A tie in the batch is ordered by name, whatever the live counts say.
    const live: PositionResult[] = [{ position: 'President', candidates: [{ candidate_id: 'b', candidate_name: 'Bayo', votes: 5 }, { candidate_id: 'a', candidate_name: 'Ada', votes: 4 }] }];
    expect(batchedResults(live, { a: 3, b: 3 })[0]!.candidates.map((c) => c.candidate_id)).toEqual(['a', 'b']);
    expect(batchedResults(live, null)[0]!.candidates.map((c) => c.votes)).toEqual([0, 0]);
  });
});
