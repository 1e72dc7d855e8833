import { EVENT_STATUS_STYLE as STATUS_STYLE } from '@aesa/shared/event-preview';
import { EVENT_STATUS_LABEL, type EventStatus } from '@aesa/shared/events';
import { cn } from '@/lib/cn.ts';

/**
 * An event's status as a badge. Every event card and the event's page show it in one place: the
 * first line of the details, before the event type and above the title.
 */
export function EventStatusBadge({ status, className }: { status: EventStatus; className?: string }) {
  return <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_STYLE[status], className)}>{EVENT_STATUS_LABEL[status]}</span>;
}
