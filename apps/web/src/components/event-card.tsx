import { shownEventStatus, type EventItem } from '@aesa/shared/events';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { AddToCalendarLink } from '@/components/add-to-calendar-link.tsx';
import { EventStatusBadge } from '@/components/event-status-badge.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { eventPicture } from '@/lib/events.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';

/**
 * An upcoming event as the Events page and the home page show it: its flyer (or the picture of
 * its type), status and type, title, day and time in the association's zone, place; what follows
 * differs per page (`children`); last, the links to its page and to add it to a calendar.
 */
export function EventCard({
  event,
  heading: Heading,
  className,
  children,
  first = false,
}: {
  event: EventItem;
  /**
   * The first card of a list, whose picture is in view on arrival and the page's largest paint:
   * loaded at once and first, not lazily (a lazy picture waits for layout to be requested).
   */
  first?: boolean;
  /** The heading level in the page's outline. */
  heading: 'h2' | 'h3';
  className?: string;
  children?: ReactNode;
}) {
  const titleId = useId();
  const { weekdayDate, time } = useDateFormat();
  const day = weekdayDate(event.event_date);
  const picture = eventPicture(event);
  return (
    <article id={`event-${event.id}`} aria-labelledby={titleId} className={cn('flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm', className)}>
      <img
        src={picture.src}
        alt={picture.isFlyer ? `Flyer for ${event.title}` : ''}
        width={800}
        height={600}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="flex flex-wrap items-center gap-2">
          <EventStatusBadge status={shownEventStatus(event, new Date())} />
          {event.event_type ? <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{event.event_type}</span> : null}
        </p>
        <Heading id={titleId} className="mt-2 text-lg font-bold break-words text-navy-900">
          {event.title}
        </Heading>
        {day ? (
          <p className="mt-2 text-sm font-medium text-slate-800">
            <time dateTime={event.event_date}>
              {day} · {time(event.event_date)}
            </time>
          </p>
        ) : null}
        <p className="text-sm break-words text-slate-700">{event.location}</p>
        {children}
        <div className="mt-auto flex flex-wrap items-center gap-x-5 gap-y-2 pt-4 text-sm">
          <Link to={paths.event.href(event.id)} className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-2 hover:underline">
            Details<span className="sr-only"> of {event.title}</span>
            <span aria-hidden="true">→</span>
          </Link>
          <AddToCalendarLink eventId={event.id} eventTitle={event.title} />
        </div>
      </div>
    </article>
  );
}
