import type { Election } from '@aesa/shared/elections';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { flash } from '@/lib/flash.ts';
import { deleteElection, publishResults, useElectionMutation } from '../api/elections-api.ts';
import { electionStatus, publishAction } from '@aesa/shared/elections';
import { WINNERS_MSG } from '@aesa/shared/election-winners';
import { TURNOUT_MSG } from '@aesa/shared/turnout';
import { ElectionStatusBadge, ResultsBadge } from './status-badges.tsx';

export function ElectionCard({
  election,
  now,
  onDetails,
  onEdit,
  onCandidates,
  onTurnout,
  onWinners,
}: {
  election: Election;
  now: Date;
  onDetails: () => void;
  onEdit: () => void;
  onCandidates: () => void;
  onTurnout: () => void;
  onWinners: () => void;
}) {
  const { dateTime: formatDateTime } = useDateFormat();
  const { alertFailure, confirmAction } = useAdminDialogs();
  const titleId = useId();
  const status = electionStatus(election.start_time, election.end_time, now);
  const publish = publishAction(election, now);

  const publishing = useElectionMutation(() => publishResults(election.id));
  const deleting = useElectionMutation(() => deleteElection(election.id, election.version));

  async function onPublish() {
    const which = publish === 'live' ? 'live' : 'final';
    if (!await confirmAction(`Publish the ${which} results of "${election.title}"? Everyone will be able to see them.`)) return;
    publishing.mutate(undefined, {
      onSuccess: () => flash.success('Results published'),
      onError: (error) => alertFailure(error, (m) => `Error publishing results: ${m}`),
    });
  }

  async function onDelete() {
    if (
      !await confirmAction(
        `Are you sure you want to delete "${election.title}"? This will also delete all of its candidates and votes. This cannot be undone.`,
      )
    )
      return;
    deleting.mutate(undefined, {
      onSuccess: () => flash.success('Election deleted'),
      onError: (error) => alertFailure(error, (m) => `Error deleting election: ${m}`),
    });
  }

  return (
    <article aria-labelledby={titleId} className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 text-lg font-bold break-words text-navy-900">
          {election.title}
        </h3>
        <ElectionStatusBadge status={status} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600">Starts</dt>
        <dd className="text-slate-900">{formatDateTime(election.start_time)}</dd>
        <dt className="font-medium text-slate-600">Ends</dt>
        <dd className="text-slate-900">{formatDateTime(election.end_time)}</dd>
      </dl>
      {election.description ? <p className="mt-3 line-clamp-3 text-sm break-words text-slate-700">{election.description}</p> : null}
      <div className="mt-3">
        <ResultsBadge published={election.results_published} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" size="sm" onClick={onDetails}>
          View Details
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit}>
          Edit Election
        </Button>
        <Button variant="outline" size="sm" onClick={onCandidates}>
          Manage Candidates
        </Button>
        {status !== 'upcoming' ? (
          <Button variant="outline" size="sm" onClick={onTurnout}>
            {TURNOUT_MSG.title}
          </Button>
        ) : null}
        {/* Winners are installed from the final results only (the server says so too). */}
        {status === 'ended' && election.results_published ? (
          <Button variant="outline" size="sm" onClick={onWinners}>
            {WINNERS_MSG.action}
          </Button>
        ) : null}
        {publish ? (
          <Button size="sm" onClick={onPublish} disabled={publishing.isPending}>
            {publishing.isPending ? 'Publishing...' : publish === 'live' ? 'Publish Live Results' : 'Publish Final Results'}
          </Button>
        ) : null}
        <Button variant="danger" size="sm" onClick={onDelete} disabled={deleting.isPending}>
          {deleting.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </article>
  );
}
