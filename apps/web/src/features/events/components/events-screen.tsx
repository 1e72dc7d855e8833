import type { EventItem } from '@aesa/shared/events';
import { useEffect, useId } from 'react';
import { Link, useLocation } from 'react-router';
import otherArt from '@/assets/art/event-other.svg';
import { ContentLayout } from '@/components/layouts/content-layout.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { eventPicture, useUpcomingEvents } from '@/lib/events.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';

// Events: the upcoming events the event admins published; without any, a notice that there are
// none yet, with its buttons to /events and /elections.
export function EventsScreen() {
  const events = useUpcomingEvents();
  const { hash } = useLocation();
  const loaded = events.isSuccess;
  // The home page links to one event as /events#event-{id}: the list arrives after the page, so
  // the browser cannot scroll there on its own.
  useEffect(() => {
    if (loaded && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded, hash]);
  return (
    <ContentLayout title="Events" wide>
      {events.isPending ? (
        <div className="flex items-center justify-center gap-3 py-16 text-slate-700">
          <Spinner label="Loading events..." />
          <span aria-hidden="true">Loading events...</span>
        </div>
      ) : events.isError ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
          <p className="font-medium">Failed to load events: {isApiError(events.error) ? events.error.message : 'Unknown error'}</p>
          <Button variant="outline" className="mt-3" onClick={() => void events.refetch()} disabled={events.isFetching}>
            Try Again
          </Button>
        </div>
      ) : events.data.length === 0 ? (
        <NoEvents onCheckAgain={() => void events.refetch()} />
      ) : (
        <>
          <p className="text-slate-700">What is coming up for members: workshops, talks, visits and more.</p>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {events.data.map((event) => (
              <li key={event.id} className="flex">
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        </>
      )}
    </ContentLayout>
  );
}

function NoEvents({ onCheckAgain }: { onCheckAgain: () => void }) {
  return (
    <section aria-labelledby="events-none" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img src={otherArt} alt="" className="aspect-[4/3] max-h-64 w-full object-cover sm:aspect-[3/1]" />
      <div className="p-6 sm:p-8">
        <h2 id="events-none" className="text-xl font-bold text-navy-900">
          No upcoming events yet
        </h2>
        <p className="mt-2 text-slate-700">
          Workshops, webinars, industry visits and conferences will be listed here as soon
          as they are announced. In the meantime, take part in the association&apos;s elections.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={paths.events.href()} onClick={onCheckAgain} className={buttonClasses()}>
            Check Events Again
          </Link>
          <Link to={paths.elections.href()} className={buttonClasses({ variant: 'outline' })}>
            View Elections
          </Link>
        </div>
      </div>
    </section>
  );
}

function EventCard({ event }: { event: EventItem }) {
  const titleId = useId();
  const { weekdayDate, time } = useDateFormat();
  const day = weekdayDate(event.event_date);
  const picture = eventPicture(event);
  return (
    <article id={`event-${event.id}`} aria-labelledby={titleId} className="flex w-full scroll-mt-24 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={picture.src}
        alt={picture.isFlyer ? `Flyer for ${event.title}` : ''}
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
        loading="lazy"
      />
      <div className="flex flex-1 flex-col p-5">
        {event.event_type ? <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{event.event_type}</p> : null}
        <h2 id={titleId} className="mt-1 text-lg font-bold break-words text-navy-900">
          {event.title}
        </h2>
        {day ? (
          <p className="mt-2 text-sm font-medium text-slate-800">
            <time dateTime={event.event_date}>
              {day} · {time(event.event_date)}
            </time>
          </p>
        ) : null}
        <p className="text-sm break-words text-slate-700">{event.location}</p>
        {event.status !== 'upcoming' ? (
          <p className="mt-2 self-start rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 capitalize">
            {event.status}
          </p>
        ) : null}
        <p className="mt-3 text-sm break-words whitespace-pre-line text-slate-700">{event.description}</p>
        {event.video_url ? (
          <a
            href={event.video_url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-auto pt-4 text-sm font-semibold text-brand-700 underline underline-offset-2"
          >
            Watch Video<span className="sr-only"> of {event.title} (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </article>
  );
}
