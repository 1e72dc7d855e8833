import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { paths } from '@/config/paths.ts';
import { NotFoundRoute } from '@/app/routes/not-found.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useEvent } from '../api/get-event.ts';
import { EventPage } from './event-page.tsx';
import { RsvpPanel } from './rsvp-panel.tsx';

/** /events/{id}: one event's own page, the address members share; past events stay readable. */
export function EventScreen() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  if (event.isPending) return <EventPageLoading eventId={eventId} />;
  if (event.isError) {
    if (isApiError(event.error) && event.error.code === 'EVENT_NOT_FOUND') return <NotFoundRoute />;
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
        <title>Event</title>
        <h1 className="sr-only">Event</h1>
        <ListError message={`Failed to load the event: ${event.error.message}`} onRetry={() => void event.refetch()} retrying={event.isFetching} />
      </div>
    );
  }
  return (
    <EventPage event={event.data}>
      {/* Taking part in the event comes here, as sections below the details. */}
      <RsvpPanel event={event.data} heading="h2" className="mt-0 max-w-xl p-5" />
    </EventPage>
  );
}

/** What the server wrote into an event's page about the event (event-page-head.ts), if it is this one. */
function readEventPreview(eventId: string): { title: string } | null {
  const text = globalThis.document?.getElementById('event-preview')?.textContent;
  if (!text) return null;
  try {
    const preview = JSON.parse(text) as { id?: unknown; title?: unknown };
    return preview.id === eventId && typeof preview.title === 'string' ? { title: preview.title } : null;
  } catch {
    return null;
  }
}

/**
 * The event's page while it loads (and as prerendered for any event): the frame of EventPage, the
 * picture's place at its size and at least a screen's height, so that nothing moves into view
 * and away when the event arrives. Opened from a link, the page comes with the event's title
 * (written by the server into the heading's place and as data): the heading shows at once, and
 * hydration draws the same.
 */
function EventPageLoading({ eventId }: { eventId: string }) {
  const [preview] = useState(() => readEventPreview(eventId));
  return (
    <div className="mx-auto min-h-dvh w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <Link to={paths.events.href()} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
        <span aria-hidden="true">← </span>All events
      </Link>
      <div className="mt-4 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:grid md:grid-cols-2">
        <div className="aspect-[4/3] w-full bg-slate-100" />
        <div className="p-5 sm:p-8">
          {/* The server fills this place with <h1>title</h1> (the attribute last: it finds the
              place by its end); the heading takes its looks from here. */}
          <div className="text-2xl font-bold tracking-tight break-words text-navy-900 sm:text-3xl" data-event-title="">
            {preview ? <h1>{preview.title}</h1> : null}
          </div>
          <ListLoading label="Loading event..." />
        </div>
      </div>
    </div>
  );
}
