import type { EventItem } from '@aesa/shared/events';
import { RSVP_VISITOR_TEXT, takesRsvpAnswers, type RsvpAnswer, type RsvpResponse } from '@aesa/shared/rsvp';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { SpinnerIcon } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useUser } from '@/lib/auth.ts';
import { cn } from '@/lib/cn.ts';
import { useAnswerRsvp, useRsvp } from '../api/rsvp-api.ts';

/**
 * Going / Not going for one event: the member's answer, their place on the waitlist, how many
 * places are left, and whether sign-ups are closed. Visitors are asked to log in; events that
 * are cancelled, over or under way take no answers and show none of this.
 */
export function RsvpPanel({
  event,
  heading: Heading = 'h3',
  className,
}: {
  event: Pick<EventItem, 'id' | 'title' | 'status' | 'event_date'>;
  /** The heading level in the page's outline: h3 on a card, h2 on the event's own page. */
  heading?: 'h2' | 'h3';
  className?: string;
}) {
  const user = useUser();
  const location = useLocation();
  if (!takesRsvpAnswers(event, new Date())) return null;
  return (
    // Named with the event's title (a list shows many of these), the heading itself without it.
    <section aria-label={RSVP_VISITOR_TEXT.label(event.title)} className={cn('mt-4 rounded-xl border border-slate-200 bg-slate-50 p-3', className)}>
      <Heading className={cn('text-navy-900', Heading === 'h2' ? 'text-xl font-bold' : 'text-sm font-semibold')}>{RSVP_VISITOR_TEXT.heading}</Heading>
      {user ? (
        <MemberAnswer eventId={event.id} title={event.title} />
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          <Link to={paths.auth.login.href()} state={{ from: `${location.pathname}${location.search}${location.hash}` }} className="font-semibold text-brand-700 underline underline-offset-2">
            {RSVP_VISITOR_TEXT.logIn}
            <span className="sr-only">{RSVP_VISITOR_TEXT.logInFor(event.title)}</span>
          </Link>{' '}
          {RSVP_VISITOR_TEXT.rest}
        </p>
      )}
    </section>
  );
}

function MemberAnswer({ eventId, title }: { eventId: string; title: string }) {
  const rsvp = useRsvp(eventId, true);
  const send = useAnswerRsvp(eventId);
  if (rsvp.isPending) {
    return (
      <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
        <SpinnerIcon className="size-4" /> Loading your answer...
      </p>
    );
  }
  if (rsvp.isError) {
    return (
      <p role="alert" className="mt-1 text-sm text-red-800">
        Your answer could not be loaded: {isApiError(rsvp.error) ? rsvp.error.message : 'Unknown error'}{' '}
        <button type="button" className="font-semibold underline underline-offset-2" onClick={() => void rsvp.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const { rsvp: mine, sign_ups } = rsvp.data;
  const answered = mine?.answer ?? null;
  const full = sign_ups.places_left === 0;
  const canSayGoing = sign_ups.open || answered === 'going';
  const answer = (a: RsvpAnswer) => {
    if (a !== answered) send.mutate(a);
  };
  return (
    <div className="mt-1 space-y-2 text-sm">
      <p role="status" className="text-slate-800">
        <StatusText data={rsvp.data} />
      </p>
      {!sign_ups.open ? <p className="font-medium text-slate-800">Sign-ups are closed.</p> : <PlacesText signUps={sign_ups} answered={answered} />}
      <div className="flex flex-wrap gap-2" role="group" aria-label={`Your answer for ${title}`}>
        {canSayGoing ? (
          <Button size="sm" variant={answered === 'going' ? 'primary' : 'outline'} aria-pressed={answered === 'going'} disabled={send.isPending} onClick={() => answer('going')}>
            {mine?.status === 'waitlisted' ? 'On the waitlist' : answered === 'going' || !full ? 'Going' : 'Join the waitlist'}
          </Button>
        ) : null}
        <Button size="sm" variant={answered === 'not_going' ? 'secondary' : 'outline'} aria-pressed={answered === 'not_going'} disabled={send.isPending} onClick={() => answer('not_going')}>
          Not going
        </Button>
        {send.isPending ? <SpinnerIcon className="size-4 self-center" /> : null}
      </div>
      {send.isError ? (
        <p role="alert" className="text-red-800">
          {isApiError(send.error) ? send.error.message : 'Your answer could not be saved. Please try again.'}
        </p>
      ) : null}
    </div>
  );
}

function StatusText({ data }: { data: RsvpResponse }) {
  const mine = data.rsvp;
  if (!mine) return <>You have not answered yet.</>;
  if (mine.status === 'going') return <strong className="text-green-800">You are going.</strong>;
  if (mine.status === 'waitlisted') {
    return (
      <>
        <strong className="text-amber-900">You are on the waitlist: number {mine.waitlist_place}.</strong> If a place opens up, it is yours in
        turn and we will e-mail you.
      </>
    );
  }
  return <>You said you are not going.</>;
}

function PlacesText({ signUps, answered }: { signUps: RsvpResponse['sign_ups']; answered: RsvpAnswer | null }) {
  if (signUps.places_left === null) return null;
  if (signUps.places_left > 0) {
    return (
      <p className="text-slate-700">
        {signUps.places_left} of {signUps.capacity} {signUps.capacity === 1 ? 'place' : 'places'} left.
      </p>
    );
  }
  if (answered === 'going') return <p className="text-slate-700">The event is full.</p>;
  return (
    <p className="font-medium text-slate-800">
      Full — join the waitlist{signUps.waitlisted > 0 ? ` (${signUps.waitlisted} waiting)` : ''}.
    </p>
  );
}
