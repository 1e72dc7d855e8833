import { EVENT_STATUS_LABEL, type EventItem } from '@aesa/shared/events';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { eventPicture, useUpcomingEvents } from '@/lib/events.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { SectionHeading } from './section-heading.tsx';

/** How many of the upcoming events the home page shows; the rest are on /events. */
export const HOME_EVENT_COUNT = 3;

/**
 * Upcoming Events: the next three events of the Events page (the same list, soonest first), or
 * a plain word that there are none; View All Events goes to /events.
 */
export function EventsBlock() {
  const events = useUpcomingEvents();
  return (
    <section aria-labelledby="events-title" className="py-14 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <SectionHeading id="events-title" title="Upcoming Events">
            What is coming up for members.
          </SectionHeading>
          <Link to={paths.events.href()} className={buttonClasses({ variant: 'outline', className: 'self-start sm:self-auto' })}>
            View All Events
          </Link>
        </div>
        {events.isPending ? (
          <div className="mt-8 flex items-center justify-center gap-3 py-10 text-slate-700">
            <Spinner label="Loading events..." />
            <span aria-hidden="true">Loading events...</span>
          </div>
        ) : events.isError ? (
          <div role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
            <p className="font-medium">Failed to load events: {isApiError(events.error) ? events.error.message : 'Unknown error'}</p>
            <Button variant="outline" className="mt-3" onClick={() => void events.refetch()} disabled={events.isFetching}>
              Try Again
            </Button>
          </div>
        ) : events.data.length === 0 ? (
          <p className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
            There are no upcoming events yet. New events will be listed here as soon as they are announced.
          </p>
        ) : (
          <ul className="mt-8 grid items-start gap-6 md:grid-cols-3">
            {events.data.slice(0, HOME_EVENT_COUNT).map((event) => (
              <li key={event.id}>
                <HomeEventCard event={event} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function HomeEventCard({ event }: { event: EventItem }) {
  const titleId = useId();
  const { weekdayDate, time } = useDateFormat();
  const picture = eventPicture(event);
  const day = weekdayDate(event.event_date);
  return (
    <article aria-labelledby={titleId} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
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
        <h3 id={titleId} className="mt-1 text-lg font-bold break-words text-navy-900">
          {event.title}
        </h3>
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
        <Link
          to={{ pathname: paths.events.href(), hash: `event-${event.id}` }}
          className="mt-4 inline-flex items-center gap-1 self-start font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Details<span className="sr-only"> of {event.title}</span>
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
