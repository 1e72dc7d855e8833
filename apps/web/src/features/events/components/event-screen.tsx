import { useParams } from 'react-router';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { NotFoundRoute } from '@/app/routes/not-found.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useEvent } from '../api/get-event.ts';
import { EventPage } from './event-page.tsx';
import { RsvpPanel } from './rsvp-panel.tsx';

/** /events/{id}: one event's own page, the address members share; past events stay readable. */
export function EventScreen() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  if (event.isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
        <ListLoading label="Loading event..." />
      </div>
    );
  }
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
