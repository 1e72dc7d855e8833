import { CHECK_IN_MSG, type CheckInInput, type CheckInItem } from '@aesa/shared/check-in';
import { EVENT_STATUS_LABEL } from '@aesa/shared/events';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessage, loadFailed } from '@/lib/admin-messages.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { useAdminEvent, useCheckIn } from '../api/check-in-api.ts';
import { CheckInList } from './check-in-list.tsx';
import { CheckInOutcome, type Outcome } from './check-in-outcome.tsx';
import { CheckInScanners } from './check-in-scanners.tsx';
import { MatricCheckInForm } from './matric-check-in-form.tsx';

/**
 * The door of one event, made for a phone: scan a member's code (camera or photo) or type their
 * matric number; the answer says who it is (or that they are in already), and the list below
 * shows everyone checked in so far.
 */
export function CheckInScreen() {
  const eventId = useParams().eventId ?? '';
  const event = useAdminEvent(eventId);
  const { dateTime } = useDateFormat();
  if (event.isPending) return <ListLoading label="Loading the event..." />;
  if (event.isError) return <ListError message={loadFailed('the event', event.error)} onRetry={() => void event.refetch()} retrying={event.isFetching} />;
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div>
        <Link to={paths.admin.events.href()} className="text-sm font-semibold text-brand-700 underline underline-offset-2">
          All events
        </Link>
        <h2 className="mt-1 text-xl font-bold break-words text-navy-900">{event.data.title}</h2>
        <p className="text-sm text-slate-700">
          <time dateTime={event.data.event_date}>{dateTime(event.data.event_date)}</time> · {event.data.location} · {EVENT_STATUS_LABEL[event.data.status]}
        </p>
      </div>
      <Door eventId={eventId} />
      <CheckInList eventId={eventId} />
    </div>
  );
}

function Door({ eventId }: { eventId: string }) {
  const checkIn = useCheckIn(eventId);
  const { time } = useDateFormat();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = (input: CheckInInput) =>
    new Promise<void>((done) => {
      checkIn.mutate(input, {
        onSuccess: (answer) => setOutcome(answered(answer.already, answer.check_in)),
        onError: (error) => setOutcome({ kind: 'refused', message: errorMessage(error) }),
        onSettled: () => done(),
      });
    });

  function answered(already: boolean, item: CheckInItem): Outcome {
    return already
      ? { kind: 'already', message: CHECK_IN_MSG.alreadyCheckedIn(time(item.checked_in_at)), item }
      : { kind: 'checked-in', message: CHECK_IN_MSG.checkedIn(item.member.name), item };
  }

  return (
    <section aria-label="Check a member in" className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <CheckInOutcome outcome={outcome} />
      <CheckInScanners busy={checkIn.isPending} onCode={(code) => submit({ code })} onProblem={(message) => setOutcome({ kind: 'refused', message })} />
      <MatricCheckInForm busy={checkIn.isPending} onMatric={(matric_number) => submit({ matric_number })} />
    </section>
  );
}
