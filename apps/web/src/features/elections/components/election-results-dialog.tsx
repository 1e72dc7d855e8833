import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { formatPercent, positionShares, RESULTS_MSG } from '@aesa/shared/results';
import { useNow } from '@/hooks/use-now.ts';
import { cn } from '@/lib/cn.ts';
import { RESULTS_TEXT } from '@aesa/shared/elections';
import { type ElectionStatus, electionStatus, type PositionResult, useActiveElections } from '@/lib/elections.ts';
import { useElectionResults } from '../api/get-election-results.ts';
import { BoardLink } from './board-link.tsx';
import { type LiveResultsState, useLiveResults } from '../hooks/use-live-results.ts';

export const RESULTS_FAILED = 'Failed to load election results';
export const NO_RESULTS = 'No results available for this election';
export const LIVE_FAILED = 'Failed to connect to real-time updates after multiple attempts.';

/**
 * The results dialog: tallies per position. While voting is open they are Real-Time Election
 * Results, kept live over the socket with the Live dot; once voting has ended they are the Final
 * Results, and nothing is live any more.
 */
export function ElectionResultsDialog({
  electionId,
  onClose,
  sendToken,
}: {
  electionId: string;
  onClose: () => void;
  /** Admins send their session on the socket so it may carry unpublished tallies. */
  sendToken: boolean;
}) {
  const elections = useActiveElections();
  const election = elections.data?.find((e) => e.id === electionId);
  const title = election?.title;
  const now = useNow();
  const status = election ? electionStatus(election.start_time, election.end_time, now) : null;
  const heading = status === 'active' ? RESULTS_TEXT.liveTitle : status === 'ended' ? RESULTS_TEXT.finalTitle : RESULTS_TEXT.title;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={heading} description={title} className="max-w-2xl" scrollFocusable>
        <ResultsBody electionId={electionId} sendToken={sendToken} status={status} />
        <BoardLink electionId={electionId} />
      </DialogContent>
    </Dialog>
  );
}

function ResultsBody({ electionId, sendToken, status }: { electionId: string; sendToken: boolean; status: ElectionStatus | null }) {
  const results = useElectionResults(electionId);
  const final = status === 'ended';
  // Connected while the dialog is open and voting may still move the count (even before
  // publication: a publish then shows at once); closing the dialog closes the socket normally.
  const live = useLiveResults(electionId, { enabled: !final, sendToken });
  const notPublished = results.isError && isApiError(results.error) && results.error.code === 'ELECTION_RESULTS_NOT_PUBLISHED';

  return (
    <div className="space-y-4">
      {/* Live only says something while the tallies shown can move. */}
      {status === 'active' && results.isSuccess ? <LiveIndicator status={live} /> : null}
      {results.isPending ? (
        <div className="flex items-center justify-center gap-2 py-8 text-slate-700">
          <Spinner label="Loading results" />
          <span>Loading results...</span>
        </div>
      ) : notPublished ? (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-800" data-results-pending>
          {RESULTS_TEXT.whenAvailable}
        </p>
      ) : results.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-bold">{RESULTS_FAILED}</p>
          {/* The server's reason, e.g. "Results for this election have not been published yet." */}
          {isApiError(results.error) && results.error.message ? <p className="mt-1">{results.error.message}</p> : null}
        </div>
      ) : results.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">{NO_RESULTS}</p>
      ) : (
        <div className="space-y-5">
          {results.data.map((position) => (
            <PositionResults key={position.position} result={position} final={final} />
          ))}
        </div>
      )}
    </div>
  );
}

function LiveIndicator({ status }: { status: LiveResultsState }) {
  if (status === 'failed') {
    return (
      <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
        {LIVE_FAILED}
      </p>
    );
  }
  const connected = status === 'live';
  const text = connected
    ? 'Live'
    : status === 'refused'
      ? 'Live updates are not available for this election.'
      : status === 'closed'
        ? 'Disconnected'
        : 'Connecting...';
  return (
    <p role="status" className="flex items-center gap-2 text-sm font-semibold" data-live-status={status}>
      <span
        aria-hidden="true"
        className={connected ? 'size-2.5 animate-pulse rounded-full bg-green-600' : 'size-2.5 rounded-full bg-slate-400'}
      />
      <span className={connected ? 'text-green-800' : 'text-slate-600'}>{text}</span>
    </p>
  );
}

function PositionResults({ result, final }: { result: PositionResult; final: boolean }) {
  const { total, outcome, shares } = positionShares(result.candidates);
  const headingId = `results-${result.position.replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4" data-position={result.position}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-bold text-navy-900">
          {result.position}
        </h3>
        <p className="text-sm text-slate-600">
          {total} {total === 1 ? 'vote' : 'votes'} cast
        </p>
      </div>
      {outcome.kind === 'tie' ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-950" data-outcome="tie">
          {RESULTS_MSG.tieNote}
        </p>
      ) : null}
      <ul className="mt-3 space-y-3">
        {shares.map(({ candidate, percent, mark }) => (
          <li key={candidate.candidate_id} data-candidate-id={candidate.candidate_id} data-mark={mark ?? undefined}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="flex min-w-0 flex-wrap items-baseline gap-x-2 font-medium break-words text-slate-900">
                {candidate.candidate_name || `Candidate ${candidate.candidate_id}`}
                {mark ? <OutcomeMark mark={mark} final={final} /> : null}
              </span>
              <span className="shrink-0 text-slate-700">
                <span data-votes>{candidate.votes}</span> {candidate.votes === 1 ? 'vote' : 'votes'} (<span data-percent>{formatPercent(percent)}</span>)
              </span>
            </div>
            {/* The bar repeats the share written beside the name: decorative for assistive technology. */}
            <div className="mt-1 h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <div
                className={cn(
                  'h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none',
                  mark === 'winner' ? 'bg-green-600' : mark === 'tied' ? 'bg-amber-500' : 'bg-brand-600',
                )}
                style={{ width: `${percent}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Winner" once voting ended ("Leading" while it is open); "Tie" for each of the tied. */
function OutcomeMark({ mark, final }: { mark: 'winner' | 'tied'; final: boolean }) {
  const text = mark === 'tied' ? RESULTS_MSG.tie : final ? RESULTS_MSG.winner : RESULTS_MSG.leading;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        mark === 'winner' ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-950',
      )}
      data-outcome-mark={mark}
    >
      {mark === 'winner' ? <span aria-hidden="true">★</span> : null}
      {text}
    </span>
  );
}
