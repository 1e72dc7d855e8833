import { describe, expect, it } from 'vitest';
import type { Position } from '@aesa/shared/constants';
import { activeCandidate } from '@/testing/factories.ts';
import { missingPositions } from './incomplete.ts';
import { buildPages } from './pages.ts';

const candidate = (id: string, position: Position) => activeCandidate(id, position);

// President and Vice President contested, Treasurer unopposed, the other seven empty.
const pages = buildPages([
  candidate('p1', 'President'),
  candidate('p2', 'President'),
  candidate('v1', 'Vice President'),
  candidate('v2', 'Vice President'),
  candidate('t1', 'Treasurer'),
]);

describe('missingPositions (the Voting Incomplete check)', () => {
  it('lists contested positions without a vote, with their page', () => {
    expect(missingPositions(pages, new Set()).map((p) => [p.position, p.page])).toEqual([
      ['President', 1],
      ['Vice President', 2],
    ]);
    expect(missingPositions(pages, new Set(['President'])).map((p) => p.position)).toEqual(['Vice President']);
  });

  it('never counts an unopposed position or one with no candidates', () => {
    const missing = missingPositions(pages, new Set(['President', 'Vice President']));
    expect(missing).toEqual([]);
  });

  it('is empty when every contested position is voted, whatever else is voted', () => {
    expect(missingPositions(pages, new Set(['President', 'Vice President', 'Treasurer']))).toEqual([]);
  });

  it('is empty for an election with no contested position', () => {
    expect(missingPositions(buildPages([candidate('t1', 'Treasurer')]), new Set())).toEqual([]);
  });
});
