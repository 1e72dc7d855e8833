import { EVENT_STATUS_LABEL, type EventItem } from '@aesa/shared/events';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn.ts';
import { eventPicture } from '@/lib/events.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';

/**
 * An upcoming event as the Events page and the home page show it: its flyer (or the picture of
 * its type), type, title, day and time in the association's zone, place and, unless it is simply
 * upcoming, its status. What follows differs per page (`children`).
 */
export function EventCard({
  event,
  heading: Heading,
  className,
  children,
}: {
  event: EventItem;
  /** The heading level in the page's outline. */
  heading: 'h2' | 'h3';
  className?: string;
  children: ReactNode;
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
        loading="lazy"
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        {event.event_type ? <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{event.event_type}</p> : null}
        <Heading id={titleId} className="mt-1 text-lg font-bold break-words text-navy-900">
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
        {event.status !== 'upcoming' ? (
          <p className="mt-2 self-start rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
            {EVENT_STATUS_LABEL[event.status]}
          </p>
        ) : null}
        {children}
      </div>
    </article>
  );
}
