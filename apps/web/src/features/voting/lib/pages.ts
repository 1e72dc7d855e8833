import { type ActiveCandidate, orderedPositions } from '@/lib/elections.ts';

// The voting page's pages: one position per
// page, the ten positions in their voting order, then any other position a candidate stands for.

export type PositionStatus = 'no-candidates' | 'unopposed' | 'contested';

export interface PositionPage {
  /** 1-based page number. */
  page: number;
  position: string;
  candidates: ActiveCandidate[];
  status: PositionStatus;
}

export function positionStatus(count: number): PositionStatus {
  if (count === 0) return 'no-candidates';
  return count === 1 ? 'unopposed' : 'contested';
}

export function buildPages(candidates: readonly ActiveCandidate[]): PositionPage[] {
  return orderedPositions(candidates).map((position, index) => {
    const running = candidates.filter((c) => c.position === position);
    return { page: index + 1, position, candidates: running, status: positionStatus(running.length) };
  });
}

export type PageBarItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: string };

/**
 * The page-number bar: pages 1-3, an ellipsis and the last page. When the current
 * page is one of the hidden ones it is shown too, between ellipses, so the member always sees
 * where they are (1 2 3 … 6 … 10; 1 2 3 4 … 10; 1 2 3 … 9 10). Four pages or fewer: all of them.
 */
export function pageBarItems(current: number, total: number): PageBarItem[] {
  if (total <= 4) return Array.from({ length: total }, (_, i) => ({ type: 'page', page: i + 1 }));
  const pages = new Set([1, 2, 3, total]);
  if (current > 3 && current < total) pages.add(current);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageBarItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous > 1) items.push({ type: 'ellipsis', key: `after-${previous}` });
    items.push({ type: 'page', page });
    previous = page;
  }
  return items;
}
