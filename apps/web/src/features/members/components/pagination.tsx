import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn.ts';
import { pageItems } from '../lib/page-items.ts';

const base = 'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-semibold sm:h-10 sm:min-w-10 sm:px-3';

/** Numbered pages with previous and next; each entry is a real link to that page of the list. */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  onNavigate,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  onNavigate: () => void;
}) {
  if (totalPages <= 1) return null;
  const link = (target: number, label: string, content: ReactNode, extra?: string) => (
    <Link
      to={hrefFor(target)}
      preventScrollReset
      onClick={onNavigate}
      aria-label={label}
      aria-current={target === page && label.startsWith('Page') ? 'page' : undefined}
      className={cn(base, extra)}
    >
      {content}
    </Link>
  );
  const inactive = 'text-slate-800 ring-1 ring-slate-300 bg-white hover:bg-slate-100';
  return (
    <nav aria-label="Pagination" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            link(page - 1, 'Previous page', <Chevron left />, inactive)
          ) : (
            <span aria-hidden="true" className={cn(base, 'text-slate-400 ring-1 ring-slate-200')}>
              <Chevron left />
            </span>
          )}
        </li>
        {pageItems(page, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              {link(item, `Page ${item}`, item, item === page ? 'bg-brand-700 text-white' : inactive)}
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            link(page + 1, 'Next page', <Chevron />, inactive)
          ) : (
            <span aria-hidden="true" className={cn(base, 'text-slate-400 ring-1 ring-slate-200')}>
              <Chevron />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

function Chevron({ left = false }: { left?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <path d={left ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}
