import { shownEventStatus } from '@aesa/shared/events';
import { Link } from 'react-router';
import { EventStatusBadge } from '@/components/event-status-badge.tsx';
import { paths } from '@/config/paths.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { usePastEvents } from '../api/get-past-events.ts';

/**
 * Past events: the latest ones, each a link to its page. Nothing is shown while they load, when
 * there are none, or when they cannot be loaded: the upcoming events are what the page is for.
 */
export function PastEvents() {
  const events = usePastEvents();
  const { date } = useDateFormat();
  if (!events.isSuccess || events.data.length === 0) return null;
  return (
    <section aria-labelledby="events-past" className="mt-12">
      <h2 id="events-past" className="text-xl font-bold text-navy-900">
        Past events
      </h2>
      <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {events.data.map((event) => (
          <li key={event.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3">
            <time dateTime={event.event_date} className="shrink-0 text-sm text-slate-600 sm:w-28">
              {date(event.event_date)}
            </time>
            <EventStatusBadge status={shownEventStatus(event, new Date())} />
            <Link to={paths.event.href(event.id)} className="min-w-0 basis-full font-semibold break-words text-brand-700 underline-offset-2 hover:underline sm:basis-auto sm:flex-1">
              {event.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
