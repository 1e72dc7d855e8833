import type { Election } from '@aesa/shared/elections';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { flash } from '@/lib/flash.ts';
import { archiveElection, closeVotingNow, deleteElection, publishFinalResults, publishResults, useElectionMutation } from '../api/elections-api.ts';
import { electionStatus, LIFECYCLE_TEXT, lifecycleActions, publishAction } from '@aesa/shared/elections';
import { WINNERS_MSG } from '@aesa/shared/election-winners';
import { TURNOUT_MSG } from '@aesa/shared/turnout';
import { ArchivedBadge, ElectionStatusBadge, ResultsBadge } from './status-badges.tsx';

export function ElectionCard({
  election,
  now,
  onDetails,
  onEdit,
  onCandidates,
  onTurnout,
  onWinners,
  onExtend,
}: {
  election: Election;
  now: Date;
  onDetails: () => void;
  onEdit: () => void;
  onCandidates: () => void;
  onTurnout: () => void;
  onWinners: () => void;
  onExtend: () => void;
}) {
  const { dateTime: formatDateTime } = useDateFormat();
  const { alertFailure, confirmAction } = useAdminDialogs();
  const titleId = useId();
  const status = electionStatus(election.start_time, election.end_time, now);
  const publish = publishAction(election, now);
  // The buttons the rules allow now (the server decides again, and its refusal is shown).
  const can = lifecycleActions(election, now);

  const publishing = useElectionMutation(() => (publish === 'final' ? publishFinalResults(election.id) : publishResults(election.id)));
  const deleting = useElectionMutation(() => deleteElection(election.id, election.version));
  const closing = useElectionMutation(() => closeVotingNow(election.id));
  const archiving = useElectionMutation(() => archiveElection(election.id));

  async function onPublish() {
    const question = publish === 'final' ? LIFECYCLE_TEXT.confirmFinal(election.title) : `Publish the live results of "${election.title}"? Everyone will be able to see them.`;
    if (!await confirmAction(question)) return;
    publishing.mutate(undefined, {
      onSuccess: () => flash.success(publish === 'final' ? 'Final results published' : 'Results published'),
      onError: (error) => alertFailure(error, (m) => `Error publishing results: ${m}`),
    });
  }

  async function onCloseNow() {
    if (!await confirmAction(LIFECYCLE_TEXT.confirmClose(election.title))) return;
    closing.mutate(undefined, {
      onSuccess: () => flash.success('Voting closed'),
      onError: (error) => alertFailure(error, (m) => `Error closing voting: ${m}`),
    });
  }

  async function onArchive() {
    if (!await confirmAction(LIFECYCLE_TEXT.confirmArchive(election.title))) return;
    archiving.mutate(undefined, {
      onSuccess: () => flash.success('Election archived'),
      onError: (error) => alertFailure(error, (m) => `Error archiving election: ${m}`),
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
        <div className="flex flex-wrap gap-1">
          {can.archived ? <ArchivedBadge /> : null}
          <ElectionStatusBadge status={status} />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600">Starts</dt>
        <dd className="text-slate-900">{formatDateTime(election.start_time)}</dd>
        <dt className="font-medium text-slate-600">Ends</dt>
        <dd className="text-slate-900">{formatDateTime(election.end_time)}</dd>
        <dt className="font-medium text-slate-600">Voters</dt>
        <dd className="text-slate-900" data-voter-rule>
          {election.voter_rule === 'financial' ? `Financial members for ${election.session}` : 'Verified members'}
        </dd>
      </dl>
      {election.description ? <p className="mt-3 line-clamp-3 text-sm break-words text-slate-700">{election.description}</p> : null}
      <div className="mt-3">
        <ResultsBadge published={election.results_published} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" size="sm" onClick={onDetails}>
          View Details
        </Button>
        {can.archived ? null : (
          <Button variant="outline" size="sm" onClick={onEdit}>
            Edit Election
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={onCandidates}>
          Manage Candidates
        </Button>
        {can.canExtend ? (
          <Button variant="outline" size="sm" onClick={onExtend}>
            {LIFECYCLE_TEXT.extend}
          </Button>
        ) : null}
        {status !== 'upcoming' ? (
          <Button variant="outline" size="sm" onClick={onTurnout}>
            {TURNOUT_MSG.title}
          </Button>
        ) : null}
        {/* Winners are installed from the final results only (the server says so too). */}
        {status === 'ended' && election.final_results_published ? (
          <Button variant="outline" size="sm" onClick={onWinners}>
            {WINNERS_MSG.action}
          </Button>
        ) : null}
        {publish ? (
          <Button size="sm" onClick={onPublish} disabled={publishing.isPending}>
            {publishing.isPending ? 'Publishing...' : publish === 'live' ? 'Publish Live Results' : LIFECYCLE_TEXT.publishFinal}
          </Button>
        ) : null}
        {can.canClose ? (
          <Button variant="danger" size="sm" onClick={onCloseNow} disabled={closing.isPending}>
            {closing.isPending ? 'Closing...' : LIFECYCLE_TEXT.closeNow}
          </Button>
        ) : null}
        {can.canArchive ? (
          <Button variant="outline" size="sm" onClick={onArchive} disabled={archiving.isPending}>
            {archiving.isPending ? 'Archiving...' : LIFECYCLE_TEXT.archive}
          </Button>
        ) : null}
        {/* Once voting has opened, the ballots, roll and record are kept: Archive instead. */}
        {can.canDelete ? (
          <Button variant="danger" size="sm" onClick={onDelete} disabled={deleting.isPending}>
            {deleting.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
