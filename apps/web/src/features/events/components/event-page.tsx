import { shownEventStatus, type EventItem } from '@aesa/shared/events';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AddToCalendarLink } from '@/components/add-to-calendar-link.tsx';
import { EventStatusBadge } from '@/components/event-status-badge.tsx';
import { paths } from '@/config/paths.ts';
import { eventPicture } from '@/lib/events.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';

/**
 * An event's page: its picture, status and type, title, time in the association's zone (with the
 * zone named, for a link opened elsewhere), place, "Add to calendar", and what it is about.
 * `children` are the sections below the details (taking part in the event).
 */
export function EventPage({ event, children }: { event: EventItem; children?: ReactNode }) {
  const { association_name } = useSiteConfig();
  const { weekdayDate, time, zoneName } = useDateFormat();
  const picture = eventPicture(event);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <title>{`${event.title} · ${association_name} Portal`}</title>
      <Link to={paths.events.href()} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
        <span aria-hidden="true">← </span>All events
      </Link>
      <article aria-labelledby="event-title" className="mt-4 space-y-8">
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:grid md:grid-cols-2">
          <img
            src={picture.src}
            alt={picture.isFlyer ? `Flyer for ${event.title}` : ''}
            width={800}
            height={600}
            className="aspect-[4/3] h-full w-full bg-slate-100 object-cover"
          />
          <div className="flex flex-col p-5 sm:p-8">
            <p className="flex flex-wrap items-center gap-2">
              <EventStatusBadge status={shownEventStatus(event, new Date())} />
              {event.event_type ? <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{event.event_type}</span> : null}
            </p>
            <h1 id="event-title" className="mt-2 text-2xl font-bold tracking-tight break-words text-navy-900 sm:text-3xl">
              {event.title}
            </h1>
            <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
              <dt className="font-medium text-slate-600">When</dt>
              <dd className="font-medium text-slate-900">
                <time dateTime={event.event_date}>
                  {weekdayDate(event.event_date)} · {time(event.event_date)}
                </time>{' '}
                <span className="text-sm font-normal text-slate-600">({zoneName(event.event_date)})</span>
              </dd>
              <dt className="font-medium text-slate-600">Where</dt>
              <dd className="break-words text-slate-900">{event.location}</dd>
            </dl>
            <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
              <AddToCalendarLink eventId={event.id} eventTitle={event.title} />
              {event.video_url ? (
                <a href={event.video_url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline underline-offset-2">
                  Watch Video<span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
            </div>
          </div>
        </div>
        <section aria-labelledby="event-about">
          <h2 id="event-about" className="text-xl font-bold text-navy-900">
            About this event
          </h2>
          <p className="mt-3 max-w-prose break-words whitespace-pre-line text-slate-700">{event.description}</p>
        </section>
        {children}
      </article>
    </div>
  );
}
