import { cn } from '@/lib/cn.ts';
import { type ElectionStatus, STATUS_BADGE } from '@/lib/elections.ts';

const STYLES: Record<ElectionStatus, string> = {
  upcoming: 'bg-amber-100 text-amber-900 ring-amber-300',
  active: 'bg-green-100 text-green-900 ring-green-300',
  ended: 'bg-slate-200 text-slate-800 ring-slate-300',
};

export function StatusBadge({ status }: { status: ElectionStatus }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-bold ring-1', STYLES[status])}>
      {status === 'active' ? <span className="size-2 rounded-full bg-green-600" aria-hidden="true" /> : null}
      {STATUS_BADGE[status]}
    </span>
  );
}
