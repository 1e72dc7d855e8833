// Paging for the Home executives carousel: a fixed number of positions per page,
// starting at page 0, advancing on a timer and wrapping from the last page back to the first.

export const EXECUTIVES_PER_PAGE = 3;

/** How many pages `itemCount` items fill; an empty list still has one (empty) page. */
export function pageCount(itemCount: number, perPage = EXECUTIVES_PER_PAGE): number {
  return Math.max(1, Math.ceil(itemCount / perPage));
}

/** The items on `page` (0-based). */
export function pageItems<T>(items: readonly T[], page: number, perPage = EXECUTIVES_PER_PAGE): T[] {
  return items.slice(page * perPage, page * perPage + perPage);
}

/** The page after `page`, back to 0 after the last. */
export function nextPage(page: number, pages: number): number {
  return pages <= 0 ? 0 : (page + 1) % pages;
}

/** The page before `page`, to the last one before the first. */
export function previousPage(page: number, pages: number): number {
  return pages <= 0 ? 0 : (page - 1 + pages) % pages;
}
