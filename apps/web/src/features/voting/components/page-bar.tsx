import { cn } from '@/lib/cn.ts';
import { type PositionPage, pageBarItems } from '../lib/pages.ts';

const arrowClass =
  'flex size-9 items-center justify-center rounded-lg border sm:size-10 border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-white';

/** Pages 1-3, an ellipsis and the last page, with previous/next arrows. */
export function PageBar({
  pages,
  current,
  voted,
  onSelect,
}: {
  pages: readonly PositionPage[];
  current: number;
  voted: ReadonlySet<string>;
  onSelect: (page: number) => void;
}) {
  const total = pages.length;
  return (
    <nav aria-label="Ballot pages" className="flex items-center justify-center gap-1.5 sm:gap-2">
      <button type="button" className={arrowClass} onClick={() => onSelect(current - 1)} disabled={current <= 1} aria-label="Previous page">
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ol className="flex items-center gap-1.5 sm:gap-2">
        {pageBarItems(current, total).map((item) =>
          item.type === 'ellipsis' ? (
            <li key={item.key} aria-hidden="true" className="w-5 text-center text-slate-600">
              …
            </li>
          ) : (
            <li key={item.page}>
              <PageButton page={pages[item.page - 1]!} current={item.page === current} voted={voted} onSelect={onSelect} />
            </li>
          ),
        )}
      </ol>
      <button type="button" className={arrowClass} onClick={() => onSelect(current + 1)} disabled={current >= total} aria-label="Next page">
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="M9 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </nav>
  );
}

function PageButton({
  page,
  current,
  voted,
  onSelect,
}: {
  page: PositionPage;
  current: boolean;
  voted: ReadonlySet<string>;
  onSelect: (page: number) => void;
}) {
  const done = voted.has(page.position);
  return (
    <button
      type="button"
      onClick={() => onSelect(page.page)}
      aria-current={current ? 'page' : undefined}
      aria-label={`Page ${page.page}: ${page.position}${done ? ' (voted)' : ''}`}
      className={cn(
        'relative flex size-9 items-center sm:size-10 justify-center rounded-lg text-sm font-bold',
        current ? 'bg-navy-900 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
      )}
    >
      {page.page}
      {done ? (
        <span aria-hidden="true" className="absolute -top-1 -right-1 size-3 rounded-full bg-green-600 ring-2 ring-white" />
      ) : null}
    </button>
  );
}
