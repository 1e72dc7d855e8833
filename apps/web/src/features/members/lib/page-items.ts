// The directory's numbered pager: every page number up to 7 pages; above 7, the
// first and last pages, the current one with its neighbours, and ellipses for the gaps. The list
// keeps 7 entries so that the bar does not jump in width as the current page moves.

export const PAGER_MAX_SLOTS = 7;

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The pager's entries for `current` (1-based) of `total` pages. */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), total);
  if (total <= PAGER_MAX_SLOTS) return range(1, total);
  // Near the start: 1 2 3 4 5 … last
  if (page <= 4) return [...range(1, 5), 'ellipsis-end', total];
  // Near the end: 1 … last-4 … last
  if (page >= total - 3) return [1, 'ellipsis-start', ...range(total - 4, total)];
  // In the middle: 1 … p-1 p p+1 … last
  return [1, 'ellipsis-start', page - 1, page, page + 1, 'ellipsis-end', total];
}
