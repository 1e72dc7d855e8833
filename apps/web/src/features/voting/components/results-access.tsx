import { RESULTS_TEXT, resultsViewable } from '@aesa/shared/elections';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useCanSeeUnpublishedResults } from '@/lib/module-access.ts';
import type { ActiveElection } from '@/lib/elections.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';

export type ResultsElection = Pick<ActiveElection, 'id' | 'status' | 'results_published' | 'end_time'>;

/** Whether this reader can open the election's results now (see resultsViewable). */
export function useResultsViewable(election: ResultsElection): boolean {
  return resultsViewable(election, election.status, useCanSeeUnpublishedResults());
}

/**
 * The way to the results after voting: a link when they can be opened ("Real-Time" only while
 * voting is open), otherwise when they will be there, never a button that leads to a refusal.
 */
export function ResultsAccess({ election, variant = 'primary', size = 'md' }: { election: ResultsElection; variant?: 'primary' | 'outline'; size?: 'sm' | 'md' }) {
  const viewable = useResultsViewable(election);
  const { dateTime } = useDateFormat();
  if (viewable) {
    return (
      <Link to={paths.electionResults.href(election.id)} className={buttonClasses({ variant, size })}>
        {election.status === 'active' ? RESULTS_TEXT.viewLive : RESULTS_TEXT.view}
      </Link>
    );
  }
  return (
    <p className="text-sm text-slate-700" data-results-pending>
      {election.status === 'active' ? RESULTS_TEXT.whenAvailableAfter(dateTime(election.end_time)) : RESULTS_TEXT.whenAvailable}
    </p>
  );
}
