import { type EventPreview, eventPreviewHtml, parseEventPreview } from '@aesa/shared/event-preview';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { paths } from '@/config/paths.ts';
import { NotFoundRoute } from '@/app/routes/not-found.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { useEvent } from '../api/get-event.ts';
import { EventPage } from './event-page.tsx';
import { RsvpPanel } from './rsvp-panel.tsx';

/** /events/{id}: one event's own page, the address members share; past events stay readable. */
export function EventScreen() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  const { ready: datesReady } = useDateFormat();
  const preview = useMemo(() => readEventPreview(eventId), [eventId]);
  // With the event already drawn from the page, its dates do not turn into "…" and back.
  if (event.isPending || (preview && event.isSuccess && !datesReady)) return <EventPageLoading preview={preview} />;
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
function readEventPreview(eventId: string): EventPreview | null {
  const text = globalThis.document?.getElementById('event-preview')?.textContent;
  const preview = text ? parseEventPreview(text) : null;
  return preview?.id === eventId ? preview : null;
}

/**
 * The event's page while it loads (and as prerendered for any event): the frame of EventPage with
 * the loading card in the place marked `data-event-preview`, the picture's place at its size and
 * at least a screen's height, so that nothing moves into view and away when the event arrives.
 * Opened from a link, the page comes with the event already in that place (written by the server,
 * and as data): the first render draws the same from the data, so hydration matches, and it stays
 * until the app's own page for the event can show it (its data and the site's date settings).
 */
function EventPageLoading({ preview }: { preview: EventPreview | null }) {
  return (
    <div className="mx-auto min-h-dvh w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <Link to={paths.events.href()} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
        <span aria-hidden="true">← </span>All events
      </Link>
      {preview ? (
        // Every value in this HTML is escaped by eventPreviewHtml; it is the server's markup, drawn again.
        <div data-event-preview="" dangerouslySetInnerHTML={{ __html: eventPreviewHtml(preview) }} />
      ) : (
        // The server replaces this place's content with the event (the attribute alone: it finds the place by it).
        <div data-event-preview="">
          <div className="mt-4 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:grid md:grid-cols-2">
            <div className="aspect-[4/3] w-full bg-slate-100" />
            <div className="p-5 sm:p-8">
              <ListLoading label="Loading event..." />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
