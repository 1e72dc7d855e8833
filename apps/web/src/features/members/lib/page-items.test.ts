import { describe, expect, it } from 'vitest';
import { PAGER_MAX_SLOTS, pageItems } from './page-items.ts';

describe('members pager', () => {
  it('has nothing to show without pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('lists every page up to 7 pages', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('collapses above 7 pages, near the start', () => {
    expect(pageItems(1, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 8]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
  });

  it('collapses above 7 pages, near the end', () => {
    expect(pageItems(8, 8)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8]);
    expect(pageItems(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
  });

  it('collapses on both sides in the middle', () => {
    expect(pageItems(5, 20)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(pageItems(16, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 'ellipsis-end', 20]);
  });

  it('always shows the current, first and last pages in 7 entries, in order, without repeats', () => {
    for (let total = 1; total <= 40; total++) {
      for (let current = 1; current <= total; current++) {
        const items = pageItems(current, total);
        const numbers = items.filter((i): i is number => typeof i === 'number');
        expect(items.length).toBe(Math.min(total, PAGER_MAX_SLOTS));
        expect(numbers).toContain(current);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(total);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(new Set(numbers).size).toBe(numbers.length);
        // An ellipsis only stands for at least one hidden page.
        items.forEach((item, i) => {
          if (typeof item === 'string') expect((items[i + 1] as number) - (items[i - 1] as number)).toBeGreaterThan(1);
        });
      }
    }
  });

  it('keeps an out-of-range page inside the pager', () => {
    expect(pageItems(0, 3)).toEqual([1, 2, 3]);
    expect(pageItems(99, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
  });
});
