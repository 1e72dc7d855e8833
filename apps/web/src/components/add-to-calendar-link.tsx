import { API_BASE } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';

/** The address of an event's calendar file (GET /api/events/{id}/calendar.ics). */
export const eventCalendarHref = (eventId: string) => `${API_BASE}/events/${encodeURIComponent(eventId)}/calendar.ics`;

/**
 * "Add to calendar": downloads the event as an .ics file, which every calendar app opens; the
 * file keeps the event's identity, so a later download updates the entry instead of doubling it.
 */
export function AddToCalendarLink({ eventId, eventTitle, className }: { eventId: string; eventTitle: string; className?: string }) {
  return (
    <a href={eventCalendarHref(eventId)} download className={cn('inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-2 hover:underline', className)}>
      <CalendarIcon />
      Add to calendar<span className="sr-only"> ({eventTitle})</span>
    </a>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M12 13v5M9.5 15.5h5" />
    </svg>
  );
}
