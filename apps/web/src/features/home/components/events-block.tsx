import type { EventItem } from '@aesa/shared/events';
import { Link } from 'react-router';
import { EventCard } from '@/components/event-card.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { paths } from '@/config/paths.ts';
import { eventsLoadFailure, useUpcomingEvents } from '@/lib/events.ts';
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
        {events.isPending || events.isError ? (
          <div className="mt-8">
            {events.isPending ? (
              <ListLoading label="Loading events..." />
            ) : (
              <ListError message={eventsLoadFailure(events.error)} onRetry={() => void events.refetch()} retrying={events.isFetching} />
            )}
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
  return <EventCard event={event} heading="h3" className="ring-1 ring-slate-200" />;
}
