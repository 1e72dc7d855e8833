import { EVENT_STATUS_LABEL, type EventStatus } from '@aesa/shared/events';
import { cn } from '@/lib/cn.ts';

const STATUS_STYLE: Record<EventStatus, string> = {
  upcoming: 'bg-sky-100 text-sky-900',
  done: 'bg-green-100 text-green-900',
  cancelled: 'bg-red-100 text-red-900',
  postponed: 'bg-amber-100 text-amber-900',
  past: 'bg-slate-200 text-slate-800',
};

/**
 * An event's status as a badge. Every event card and the event's page show it in one place: the
 * first line of the details, before the event type and above the title.
 */
export function EventStatusBadge({ status, className }: { status: EventStatus; className?: string }) {
  return <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_STYLE[status], className)}>{EVENT_STATUS_LABEL[status]}</span>;
}
