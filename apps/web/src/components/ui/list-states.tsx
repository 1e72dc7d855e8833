import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';

/**
 * Held by the place of a list on a page that arrives prerendered: at least a screen's height, so
 * that what follows the list (the footer, a side panel) starts below the fold and does not jump
 * into view, then away, when the list arrives. Held in every state where the list may turn out
 * shorter than a screen (empty, failed, a few items); whatever comes after the list inside the
 * place shows only once the list is in.
 */
export const LIST_PLACE = 'min-h-dvh';

/** A list's loading state: a spinner and the visible words. */
export function ListLoading({ label, className }: { label: string; className?: string }) {
  return (
    <div className={cn('flex items-center justify-center gap-3 py-12 text-slate-700', className)}>
      <Spinner label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}

/** A list's load failure: the message and Try Again. */
export function ListError({ message, onRetry, retrying = false }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
      <p className="font-medium break-words">{message}</p>
      <Button variant="outline" className="mt-3" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again...' : 'Try Again'}
      </Button>
    </div>
  );
}

/** An empty list: a short title and what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
      <p className="font-semibold text-slate-900">{title}</p>
      {children ? <div className="mt-2 text-sm">{children}</div> : null}
    </div>
  );
}
