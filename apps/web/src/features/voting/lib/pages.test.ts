import { POSITIONS } from '@aesa/shared/constants';
import { describe, expect, it } from 'vitest';
import type { Position } from '@aesa/shared/constants';
import { activeCandidate } from '@/testing/factories.ts';
import { buildPages, pageBarItems, positionStatus } from './pages.ts';

const candidate = (id: string, position: Position) => activeCandidate(id, position);

const bar = (current: number, total: number) =>
  pageBarItems(current, total).map((i) => (i.type === 'page' ? i.page : '…'));

describe('pageBarItems: pages 1-3, an ellipsis and the last page', () => {
  it('shows 1 2 3 … 10 on the first pages and the last one', () => {
    expect(bar(1, 10)).toEqual([1, 2, 3, '…', 10]);
    expect(bar(2, 10)).toEqual([1, 2, 3, '…', 10]);
    expect(bar(3, 10)).toEqual([1, 2, 3, '…', 10]);
    expect(bar(10, 10)).toEqual([1, 2, 3, '…', 10]);
  });

  it('adds a hidden current page between ellipses', () => {
    expect(bar(6, 10)).toEqual([1, 2, 3, '…', 6, '…', 10]);
    expect(bar(4, 10)).toEqual([1, 2, 3, 4, '…', 10]);
    expect(bar(9, 10)).toEqual([1, 2, 3, '…', 9, 10]);
  });

  it('shows every page when there are four or fewer', () => {
    expect(bar(1, 4)).toEqual([1, 2, 3, 4]);
    expect(bar(1, 1)).toEqual([1]);
    expect(bar(5, 5)).toEqual([1, 2, 3, '…', 5]);
  });

  it('gives every ellipsis its own key', () => {
    const keys = pageBarItems(6, 10).flatMap((i) => (i.type === 'ellipsis' ? [i.key] : []));
    expect(new Set(keys).size).toBe(2);
  });
});

describe('buildPages', () => {
  it('makes one page per position, the ten positions in order', () => {
    const pages = buildPages([]);
    expect(pages.map((p) => p.position)).toEqual([...POSITIONS]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pages.every((p) => p.status === 'no-candidates')).toBe(true);
  });

  it('groups candidates and appends other positions after the ten', () => {
    const pages = buildPages([
      candidate('a', 'Treasurer'),
      candidate('b', 'President'),
      candidate('c', 'President'),
      // Outside the ten (the server refuses it today): the page still lists it after them.
      candidate('d', 'Academic Director' as Position),
    ]);
    expect(pages).toHaveLength(11);
    expect(pages[0]!.candidates.map((c) => c.id)).toEqual(['b', 'c']);
    expect(pages[0]!.status).toBe('contested');
    expect(pages.find((p) => p.position === 'Treasurer')!.status).toBe('unopposed');
    expect(pages[10]).toMatchObject({ page: 11, position: 'Academic Director', status: 'unopposed' });
  });

  it('names the position status by candidate count', () => {
    expect(positionStatus(0)).toBe('no-candidates');
    expect(positionStatus(1)).toBe('unopposed');
    expect(positionStatus(2)).toBe('contested');
    expect(positionStatus(7)).toBe('contested');
  });
});
