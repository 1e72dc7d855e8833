import type { Election } from '@aesa/shared/elections';
import { Link } from 'react-router';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog.tsx';
import { paths } from '@/config/paths.ts';
import { loadFailed } from '@/lib/admin-messages.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { useElection } from '../api/elections-api.ts';
import { ELECTION_STATUS_LABEL, electionStatus } from '@aesa/shared/elections';
import { personLabel } from '../lib/person-label.ts';
import { VoterRollDownload } from './voter-roll-download.tsx';

/** View Details: start, end, computed status, results published, the candidates. */
export function ElectionDetailsDialog({ election, now, onClose }: { election: Election; now: Date; onClose: () => void }) {
  const { dateTime: formatDateTime } = useDateFormat();
  const detail = useElection(election.id);
  const current = detail.data ?? election;
  const candidates = detail.data?.candidates ?? [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={current.title} description="Election details">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium text-slate-600">Start</dt>
          <dd>{formatDateTime(current.start_time)}</dd>
          <dt className="font-medium text-slate-600">End</dt>
          <dd>{formatDateTime(current.end_time)}</dd>
          <dt className="font-medium text-slate-600">Status</dt>
          <dd>{ELECTION_STATUS_LABEL[electionStatus(current.start_time, current.end_time, now)]}</dd>
          <dt className="font-medium text-slate-600">Results published</dt>
          <dd>{current.results_published ? 'Yes' : 'No'}</dd>
        </dl>
        {current.description ? <p className="mt-3 text-sm break-words whitespace-pre-line text-slate-700">{current.description}</p> : null}

        <h3 className="mt-5 font-semibold text-slate-900">Candidates{detail.data ? ` (${candidates.length})` : ''}</h3>
        <div className="mt-2">
          {detail.isPending ? (
            <ListLoading label="Loading candidates..." />
          ) : detail.isError ? (
            <ListError message={loadFailed('candidates', detail.error)} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
          ) : candidates.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">No candidates yet.</p>
          ) : (
            // The list scrolls at 240px; it is focusable so the keyboard can scroll it.
            <ul
              tabIndex={0}
              aria-label="Candidates"
              className="max-h-[240px] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
              data-testid="details-candidates"
            >
              {candidates.map((c) => (
                <li key={c.id} className="flex items-center gap-3 p-2.5">
                  <Avatar name={c.users?.name} src={c.candidate_image_url ?? c.users?.profile_image_url} />
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{personLabel(c.users)}</p>
                    <p className="text-xs text-slate-600">{c.position}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>

        <VoterRollDownload electionId={current.id} />

        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Link to={paths.voting.href(current.id)} className={buttonClasses()}>
            View Voting Page
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}
