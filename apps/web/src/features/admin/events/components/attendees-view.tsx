import type { EventItem } from '@aesa/shared/events';
import { RSVP_STATUS_LABEL, type AttendeeRow } from '@aesa/shared/rsvp';
import { ExportCsvButton } from '@/components/admin/export-csv-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { loadFailed } from '@/lib/admin-messages.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { useEventAttendees } from '../api/events-admin-api.ts';

/**
 * Who answered for one event: going (in the order they answered), the waitlist in order, then
 * not going, with the counts, whether sign-ups are open, and the list as a CSV file.
 */
export function AttendeesView({ event, onBack }: { event: EventItem; onBack: () => void }) {
  const attendees = useEventAttendees(event.id);
  const { dateTime } = useDateFormat();
  return (
    <section aria-labelledby="attendees-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="attendees-title" className="text-lg font-bold break-words text-navy-900">
            Attendees: {event.title}
          </h2>
          <p className="text-sm text-slate-700">
            <time dateTime={event.event_date}>{dateTime(event.event_date)}</time> · {event.location}
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <ExportCsvButton name="event-attendees" query={{ event: event.id }} accessibleLabel={`Export CSV of the attendees of ${event.title}`} />
          <Button size="sm" variant="outline" onClick={onBack}>
            Back to Events
          </Button>
        </div>
      </div>
      {attendees.isPending ? (
        <ListLoading label="Loading attendees..." />
      ) : attendees.isError ? (
        <ListError message={loadFailed('attendees', attendees.error)} onRetry={() => void attendees.refetch()} retrying={attendees.isFetching} />
      ) : (
        <>
          <SignUpsSummary data={attendees.data} />
          {attendees.data.attendees.length === 0 ? (
            <EmptyState title="No answers yet.">
              <p>Members who say they are going, or not going, appear here.</p>
            </EmptyState>
          ) : (
            <>
              <AttendeesList title={event.title} rows={attendees.data.attendees} when={dateTime} />
              <AttendeesTable title={event.title} rows={attendees.data.attendees} when={dateTime} />
            </>
          )}
        </>
      )}
    </section>
  );
}

function SignUpsSummary({ data }: { data: { sign_ups: { open: boolean; capacity: number | null; going: number; waitlisted: number }; attendees: AttendeeRow[] } }) {
  const { open, capacity, going, waitlisted } = data.sign_ups;
  const notGoing = data.attendees.filter((a) => a.status === 'not_going').length;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      <Figure label="Going" value={capacity === null ? String(going) : `${going} of ${capacity}`} />
      <Figure label="On the waitlist" value={String(waitlisted)} />
      <Figure label="Not going" value={String(notGoing)} />
      <Figure label="Sign-ups" value={open ? 'Open' : 'Closed'} />
    </dl>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-navy-900 tabular-nums">{value}</dd>
    </div>
  );
}

const statusText = (row: AttendeeRow) => `${RSVP_STATUS_LABEL[row.status]}${row.waitlist_place !== null ? ` (number ${row.waitlist_place})` : ''}`;

/** On a phone: one card per member, nothing to scroll sideways. */
function AttendeesList({ title, rows, when }: { title: string; rows: AttendeeRow[]; when: (iso: string) => string }) {
  return (
    <ul aria-label={`Attendees of ${title}`} className="divide-y divide-slate-100 rounded-lg border border-slate-200 sm:hidden">
      {rows.map((row) => (
        <li key={row.user_id} className="px-3 py-2 text-sm">
          <p className="font-semibold break-words text-navy-900">{row.name}</p>
          <p className="text-slate-700">
            {row.matric_number} · {row.level ?? 'Level not set'}
          </p>
          <p className="text-slate-700">
            <span className="font-medium text-slate-900">{statusText(row)}</span> · <time dateTime={row.answered_at}>{when(row.answered_at)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** On a wider screen: a table. */
function AttendeesTable({ title, rows, when }: { title: string; rows: AttendeeRow[]; when: (iso: string) => string }) {
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-slate-200 sm:block" tabIndex={0} role="region" aria-label={`Attendees of ${title}`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Members who answered for {title}</caption>
        <thead className="bg-slate-50">
          <tr>
            {['Name', 'Level', 'Matric number', 'Status', 'Answered at'].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.user_id} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-2 font-medium break-words">
                {row.name}
              </th>
              <td className="px-3 py-2">{row.level ?? '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{row.matric_number}</td>
              <td className="px-3 py-2">{statusText(row)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={row.answered_at}>{when(row.answered_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
