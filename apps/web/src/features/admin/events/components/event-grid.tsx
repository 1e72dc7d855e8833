import type { EventItem } from '@aesa/shared/events';
import { useId } from 'react';
import { Link } from 'react-router';
import { EventStatusBadge } from '@/components/event-status-badge.tsx';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { loadFailed, useAdminDialogs } from '@/lib/admin-messages.ts';
import { eventPicture } from '@/lib/events.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { flash } from '@/lib/flash.ts';
import { deleteEvent, useAdminEvents, useEventMutation } from '../api/events-admin-api.ts';

export function EventGrid({ onEdit, onCreate, onAttendees }: { onEdit: (event: EventItem) => void; onCreate: () => void; onAttendees: (event: EventItem) => void }) {
  const events = useAdminEvents();
  if (events.isPending) return <ListLoading label="Loading events..." />;
  if (events.isError) {
    return <ListError message={loadFailed('events', events.error)} onRetry={() => void events.refetch()} retrying={events.isFetching} />;
  }
  if (events.data.length === 0) {
    return (
      <EmptyState title="No events yet.">
        <p>Events you create appear here and, while upcoming, on the public Events page.</p>
        <Button className="mt-4" onClick={onCreate}>
          Create Event
        </Button>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {events.data.map((event) => (
        <li key={event.id} className="flex">
          <EventCard event={event} onEdit={() => onEdit(event)} onAttendees={() => onAttendees(event)} />
        </li>
      ))}
    </ul>
  );
}

function EventCard({ event, onEdit, onAttendees }: { event: EventItem; onEdit: () => void; onAttendees: () => void }) {
  const { dateTime: formatDateTime } = useDateFormat();
  const { alertFailure, confirmAction } = useAdminDialogs();
  const titleId = useId();
  const remove = useEventMutation(() => deleteEvent(event.id, event.version));
  const picture = eventPicture(event);

  async function onDelete() {
    if (!await confirmAction(`Are you sure you want to delete "${event.title}"? This cannot be undone.`)) return;
    remove.mutate(undefined, {
      onSuccess: () => flash.success('Event deleted'),
      onError: (error) => alertFailure(error, (m) => `Error deleting event: ${m}`),
    });
  }

  return (
    <article aria-labelledby={titleId} className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={picture.src}
        alt={picture.isFlyer ? `Flyer for ${event.title}` : ''}
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
        loading="lazy"
      />
      <div className="flex flex-1 flex-col p-4">
        {/* The status as it is set (the form's value), in the same place as on the public cards. */}
        <p className="flex">
          <EventStatusBadge status={event.status} />
        </p>
        <h3 id={titleId} className="mt-2 min-w-0 text-lg font-bold break-words text-navy-900">
          {event.title}
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium text-slate-600">Date</dt>
          <dd>
            <time dateTime={event.event_date}>{formatDateTime(event.event_date)}</time>
          </dd>
          <dt className="font-medium text-slate-600">Location</dt>
          <dd className="break-words">{event.location}</dd>
          <dt className="font-medium text-slate-600">Type</dt>
          <dd className="break-words">{event.event_type || 'Not set'}</dd>
          <dt className="font-medium text-slate-600">Sign-ups</dt>
          <dd>
            {event.rsvp_open ? 'Open' : 'Closed'} · {event.capacity === null ? 'no limit' : `${event.capacity} places`}
          </dd>
        </dl>
        <p className="mt-2 line-clamp-3 text-sm break-words text-slate-700">{event.description}</p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
          {event.video_url ? (
            <a
              href={event.video_url}
              target="_blank"
              rel="noopener noreferrer"
              className="mr-auto text-sm font-semibold text-brand-700 underline underline-offset-2"
            >
              Watch Video<span className="sr-only"> of {event.title} (opens in a new tab)</span>
            </a>
          ) : null}
          <Link to={paths.event.href(event.id)} className={buttonClasses({ size: 'sm', variant: 'outline' })}>
            View Page<span className="sr-only"> of {event.title}</span>
          </Link>
          <Button size="sm" variant="outline" onClick={onAttendees} aria-label={`Attendees of ${event.title}`}>
            Attendees
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${event.title}`}>
            Edit
          </Button>
          <Button size="sm" variant="danger" onClick={onDelete} disabled={remove.isPending} aria-label={`Delete ${event.title}`}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </div>
    </article>
  );
}
