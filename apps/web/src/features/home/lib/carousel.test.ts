import { describe, expect, it } from 'vitest';
import { EXECUTIVES_PER_PAGE, nextPage, pageCount, pageItems, previousPage } from './carousel.ts';

const ten = Array.from({ length: 10 }, (_, i) => `P${i + 1}`);

describe('executives carousel paging', () => {
  it('shows 3 positions per page', () => {
    expect(EXECUTIVES_PER_PAGE).toBe(3);
    expect(pageCount(10)).toBe(4);
    expect(pageCount(9)).toBe(3);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(0)).toBe(1);
  });

  it('splits the ten positions 3, 3, 3, 1', () => {
    expect(pageItems(ten, 0)).toEqual(['P1', 'P2', 'P3']);
    expect(pageItems(ten, 1)).toEqual(['P4', 'P5', 'P6']);
    expect(pageItems(ten, 2)).toEqual(['P7', 'P8', 'P9']);
    expect(pageItems(ten, 3)).toEqual(['P10']);
    expect(pageItems(ten, 4)).toEqual([]);
  });

  it('advances and wraps from the last page to page 0', () => {
    const pages = pageCount(10);
    const seen = [0];
    for (let i = 0; i < 5; i++) seen.push(nextPage(seen.at(-1)!, pages));
    expect(seen).toEqual([0, 1, 2, 3, 0, 1]);
  });

  it('goes back and wraps from page 0 to the last page', () => {
    expect(previousPage(0, 4)).toBe(3);
    expect(previousPage(2, 4)).toBe(1);
  });

  it('stays on page 0 when there is one page or none', () => {
    expect(nextPage(0, 1)).toBe(0);
    expect(nextPage(0, 0)).toBe(0);
    expect(previousPage(0, 1)).toBe(0);
  });
});
