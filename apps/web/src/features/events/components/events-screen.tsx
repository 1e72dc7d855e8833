import { calendarFeed, EVENTS_LIST_TEXT } from '@aesa/shared/event-list-preview';
import type { EventItem } from '@aesa/shared/events';
import { useMemo } from 'react';
import { Link } from 'react-router';
import otherArt from '@/assets/art/event-other.svg';
import { EventCard } from '@/components/event-card.tsx';
import { ContentLayout } from '@/components/layouts/content-layout.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { LIST_PLACE, ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { paths } from '@/config/paths.ts';
import { eventsLoadFailure, useUpcomingEvents } from '@/lib/events.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { PastEvents } from './past-events.tsx';
import { RsvpPanel } from './rsvp-panel.tsx';

// Events: the upcoming events the event admins published; without any, a notice that there are
// none yet, with its buttons to /events and /elections. Below them, the latest past events.
export function EventsScreen() {
  const events = useUpcomingEvents();
  const { ready: datesReady } = useDateFormat();
  const drawn = useMemo(readDrawnList, []);
  // The list the server drew stays until this page can show the same with its dates: swapping it
  // for the loading state or for dates reading "…" would move everything below.
  const showDrawn = drawn !== null && (events.isPending || (events.isSuccess && !datesReady));
  return (
    <ContentLayout title="Events" wide>
      {/* The list's place takes a screen in every state, so the footer stays below the fold
          whatever the list turns out to be; the past events come under the list once it is in. */}
      <div className={LIST_PLACE}>
        {showDrawn ? (
          // The server's markup, every value escaped by eventListHtml, taken over as it is.
          <div key="drawn" data-event-list="drawn" dangerouslySetInnerHTML={{ __html: drawn }} />
        ) : (
          // The server writes the list into this place (it finds it by the attribute).
          <div key="list" data-event-list="">
            {events.isPending ? (
              <ListLoading label="Loading events..." />
            ) : events.isError ? (
              <ListError message={eventsLoadFailure(events.error)} onRetry={() => void events.refetch()} retrying={events.isFetching} />
            ) : events.data.length === 0 ? (
              <NoEvents onCheckAgain={() => void events.refetch()} />
            ) : (
              <>
                <p className="text-slate-700">{EVENTS_LIST_TEXT.intro}</p>
                <CalendarFeed />
                <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                  {events.data.map((event, i) => (
                    <li key={event.id} className="flex">
                      <UpcomingEvent event={event} first={i === 0} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        {events.isPending || showDrawn ? null : <PastEvents />}
      </div>
    </ContentLayout>
  );
}

/** The list the server drew into the page (event-list-preview.ts), while it is still there to take over. */
function readDrawnList(): string | null {
  return globalThis.document?.querySelector('[data-event-list="drawn"]')?.innerHTML ?? null;
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

function UpcomingEvent({ event, first }: { event: EventItem; first: boolean }) {
  return (
    <EventCard event={event} heading="h2" className="w-full border border-slate-200" first={first}>
      <p className="mt-3 text-sm break-words whitespace-pre-line text-slate-700">{event.description}</p>
      <RsvpPanel event={event} />
      {event.video_url ? (
        <a
          href={event.video_url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
        >
          Watch Video<span className="sr-only"> of {event.title} (opens in a new tab)</span>
        </a>
      ) : null}
    </EventCard>
  );
}

/**
 * The feed (/events.ics) a calendar app subscribes to: new, moved and cancelled events arrive on
 * their own. The link uses webcal:, which opens the device's calendar app on its subscribe step;
 * the address is also shown for calendars added by hand (Google Calendar's "From URL").
 */
function CalendarFeed() {
  // The site's own address, as the list the server draws has it, even when opened at another.
  const feed = calendarFeed(useSiteConfig().public_url || window.location.origin);
  const t = EVENTS_LIST_TEXT;
  return (
    <p className="mt-3 text-sm text-slate-700">
      {t.feedBefore}{' '}
      <a href={feed.webcal} className="font-semibold text-brand-700 underline underline-offset-2">
        {t.feedLink}
      </a>{' '}
      {t.feedAddressBefore} <code className="break-all">{feed.address}</code>
      {t.feedAfter}
    </p>
  );
}
