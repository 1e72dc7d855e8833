import type { ElectionStatus } from '@aesa/shared/elections';
import { cn } from '@/lib/cn.ts';
import { ELECTION_STATUS_LABEL, LIFECYCLE_TEXT } from '@aesa/shared/elections';

const STATUS_STYLE: Record<ElectionStatus, string> = {
  upcoming: 'bg-sky-100 text-sky-900',
  active: 'bg-green-100 text-green-900',
  ended: 'bg-slate-200 text-slate-800',
};

export function ElectionStatusBadge({ status }: { status: ElectionStatus }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_STYLE[status])}>
      {ELECTION_STATUS_LABEL[status]}
    </span>
  );
}

export function ResultsBadge({ published }: { published: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        published ? 'bg-violet-100 text-violet-900' : 'bg-amber-50 text-amber-900',
      )}
    >
      {published ? 'Results published' : 'Results not published'}
    </span>
  );
}

/** An archived election: kept whole, hidden from the public pages. */
export function ArchivedBadge() {
  return <span className="inline-flex items-center rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-semibold text-white">{LIFECYCLE_TEXT.archived}</span>;
}
