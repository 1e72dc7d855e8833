import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { RESULTS_TEXT, resultsViewable } from '@aesa/shared/elections';
import { type ActiveElection, ELIGIBILITY_MSG, electionStatus, eligibilityMessage, useActiveElections, useEligibility, voterRuleLabel } from '@/lib/elections.ts';
import { useUser } from '@/lib/auth.ts';
import { useNow } from '@/hooks/use-now.ts';
import { formatCountdown } from '../lib/countdown.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { StatusBadge } from './status-badge.tsx';

export const LIST_FAILED = 'Failed to load elections. Please try again.';
export const NO_ELECTIONS_TITLE = 'No Active Elections';
export const NO_ELECTIONS_TEXT = 'There are no active elections available for voting at this time.';

/** Available Elections: every listed election with its status, times and countdown. */
export function AvailableElectionsDialog({
  open,
  onOpenChange,
  canSeeUnpublished,
  onViewResults,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Admins may open results before they are published (the server decides: electoral admins). */
  canSeeUnpublished: boolean;
  onViewResults: (electionId: string) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Available Elections" description="Choose an election to vote in or to follow its results." className="max-w-2xl">
        <ElectionsList canSeeUnpublished={canSeeUnpublished} onViewResults={onViewResults} />
      </DialogContent>
    </Dialog>
  );
}

function ElectionsList({ canSeeUnpublished, onViewResults }: { canSeeUnpublished: boolean; onViewResults: (id: string) => void }) {
  const query = useActiveElections();
  const now = useNow(30_000);

  if (query.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 py-8 text-slate-700">
        <Spinner label="Loading elections" />
        <span>Loading elections...</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="font-medium">{LIST_FAILED}</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="mt-2 font-semibold text-red-900 underline underline-offset-2 hover:no-underline"
        >
          Try again
        </button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
        <p className="font-bold text-slate-900">{NO_ELECTIONS_TITLE}</p>
        <p className="mt-1 text-slate-700">{NO_ELECTIONS_TEXT}</p>
      </div>
    );
  }
  return (
    <ul className="space-y-4">
      {query.data.map((election) => (
        <ElectionItem key={election.id} election={election} now={now} canSeeUnpublished={canSeeUnpublished} onViewResults={onViewResults} />
      ))}
    </ul>
  );
}

function ElectionItem({
  election,
  now,
  canSeeUnpublished,
  onViewResults,
}: {
  election: ActiveElection;
  now: Date;
  canSeeUnpublished: boolean;
  onViewResults: (id: string) => void;
}) {
  const { dateTime: formatDateTime } = useDateFormat();
  // Display only, from the browser clock; the server refuses a vote outside the window anyway.
  const status = electionStatus(election.start_time, election.end_time, now);
  const titleId = `election-${election.id}-title`;
  const resultsAllowed = resultsViewable(election, status, canSeeUnpublished);
  // A member who may not vote here is not sent to a ballot they cannot use: told why instead.
  const user = useUser();
  const eligibility = useEligibility(status === 'active' ? election.id : '', user?.id).data;
  const ineligible = eligibility && !eligibility.eligible ? eligibilityMessage(eligibility.reason ?? 'NOT_VERIFIED', eligibility.session) : null;
  const reasonId = `election-${election.id}-ineligible`;
  const countdown =
    status === 'upcoming'
      ? `Starts in ${formatCountdown(new Date(election.start_time).getTime() - now.getTime())}`
      : status === 'active'
        ? `Ends in ${formatCountdown(new Date(election.end_time).getTime() - now.getTime())}`
        : 'Voting has ended';

  return (
    <li aria-labelledby={titleId} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 text-base font-bold break-words text-navy-900">
          {election.title}
        </h3>
        <StatusBadge status={status} />
      </div>
      {election.description ? <p className="mt-1 text-sm break-words text-slate-700">{election.description}</p> : null}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-1.5">
          <dt className="font-semibold text-slate-800">Starts:</dt>
          <dd className="text-slate-700">{formatDateTime(election.start_time)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="font-semibold text-slate-800">Ends:</dt>
          <dd className="text-slate-700">{formatDateTime(election.end_time)}</dd>
        </div>
      </dl>
      <p className="mt-1 text-sm text-slate-800" data-voter-rule>
        {voterRuleLabel(election.voter_rule, election.session)}
      </p>
      <p className="mt-2 flex items-center gap-1.5 text-sm font-semibold text-brand-700">
        <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" strokeLinecap="round" />
        </svg>
        {countdown}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {status === 'active' && !ineligible ? (
          <Link to={paths.voting.href(election.id)} className={buttonClasses({ className: 'sm:flex-1' })} aria-describedby={titleId}>
            Vote Now
          </Link>
        ) : (
          <Button disabled className="sm:flex-1" aria-describedby={ineligible ? `${titleId} ${reasonId}` : titleId}>
            Vote Now
          </Button>
        )}
        <Button
          variant="outline"
          className="disabled:border-slate-200 disabled:bg-slate-100 sm:flex-1"
          disabled={!resultsAllowed}
          aria-describedby={titleId}
          onClick={() => onViewResults(election.id)}
        >
          View Results
        </Button>
      </div>
      {ineligible ? (
        <p id={reasonId} className="mt-2 text-sm text-amber-950" data-ineligible>
          <span className="font-semibold">{ELIGIBILITY_MSG.title}.</span> {ineligible}
        </p>
      ) : null}
      {!resultsAllowed && status !== 'upcoming' ? <p className="mt-2 text-xs text-slate-600">{RESULTS_TEXT.whenAvailable}</p> : null}
    </li>
  );
}
