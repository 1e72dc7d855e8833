import type { Election } from '@aesa/shared/elections';
import { electionStatus } from '@aesa/shared/elections';
import { formatPercent, votePercent } from '@aesa/shared/results';
import { REMINDER_MSG, TURNOUT_MSG } from '@aesa/shared/turnout';
import { lazy, Suspense, useMemo } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog.tsx';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { loadFailed, useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { useRemind, useTurnout } from '../api/turnout-api.ts';
import { periodEnd, turnoutSeries } from '../lib/turnout-series.ts';
import { colourOf } from './turnout-colours.ts';

// The chart library comes with this chunk only when the dialog opens.
const TurnoutChart = lazy(() => import('./turnout-chart.tsx'));

/**
 * Turnout of one election, in counts only (never who voted, never for whom): the share of the
 * roll that has voted, votes per position over time as a chart and as a table of the same
 * figures, and, while voting is open, the reminder to those who have not voted.
 */
export function TurnoutDialog({ election, now, onClose }: { election: Election; now: Date; onClose: () => void }) {
  const open = electionStatus(election.start_time, election.end_time, now) === 'active';
  const turnout = useTurnout(election.id, open);
  const { dateTime, time, settings } = useDateFormat();
  const series = useMemo(() => turnoutSeries(turnout.data?.positions ?? []), [turnout.data]);
  const data = turnout.data;
  // The counts are as of their answer: the chart and the table end there (or at the close).
  const from = Date.parse(election.start_time);
  const to = Math.min(turnout.dataUpdatedAt || now.getTime(), Date.parse(election.end_time));

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={`${TURNOUT_MSG.title}: ${election.title}`} description="Counts only: who voted for whom is never stored." className="max-w-3xl">
        {turnout.isPending || !settings ? (
          <ListLoading label="Loading turnout..." />
        ) : turnout.isError ? (
          <ListError message={loadFailed('turnout', turnout.error)} onRetry={() => void turnout.refetch()} retrying={turnout.isFetching} />
        ) : (
          <div className="space-y-5">
            <RollShare voters={data!.voters} roll={data!.roll_size} />
            {series.times.length === 0 ? (
              <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{TURNOUT_MSG.noVotes}</p>
            ) : (
              <>
                <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Positions in the chart">
                  {series.lines.map((line, i) => (
                    <li key={line.position} className="flex items-center gap-1.5">
                      <span aria-hidden="true" className="inline-block h-1 w-4 rounded" style={{ backgroundColor: colourOf(i) }} />
                      {line.position}
                    </li>
                  ))}
                </ul>
                <Suspense fallback={<ListLoading label="Loading the chart..." />}>
                  <TurnoutChart
                    series={series}
                    from={from}
                    to={to}
                    timeZone={settings.timeZone}
                    timeText={time}
                  />
                </Suspense>
                <div className="max-h-72 overflow-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-label="Turnout figures">
                  <table className="w-full text-left text-sm" data-testid="turnout-table">
                    <caption className="sr-only">{TURNOUT_MSG.tableCaption(election.title)}</caption>
                    <thead className="sticky top-0 bg-slate-50">
                      <tr>
                        {/* The time column stays in view while the positions scroll sideways (a phone shows two or three). */}
                        <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-3 py-2 font-semibold">
                          Up to
                        </th>
                        {series.lines.map((line) => (
                          <th key={line.position} scope="col" className="px-3 py-2 font-semibold">
                            {line.position}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {series.times.map((t, row) => (
                        <tr key={t} className="border-t border-slate-100">
                          <th scope="row" className="sticky left-0 bg-white px-3 py-1.5 font-medium whitespace-nowrap shadow-[1px_0_0_var(--color-slate-200)]" data-up-to={new Date(periodEnd(t, to)).toISOString()}>
                            {row === 0 ? dateTime(new Date(periodEnd(t, to))) : time(new Date(periodEnd(t, to)))}
                          </th>
                          {series.lines.map((line) => (
                            <td key={line.position} className="px-3 py-1.5 tabular-nums">
                              {line.votes[row]}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
            {open ? <Reminder election={election} notVoted={data!.not_voted} nextAt={data!.next_reminder_at} refetch={() => turnout.refetch()} dateTime={dateTime} /> : null}
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function RollShare({ voters, roll }: { voters: number; roll: number }) {
  const percent = votePercent(voters, roll);
  return (
    <div>
      <p className="text-sm font-medium text-slate-900" data-testid="turnout-share">
        {TURNOUT_MSG.share(voters, roll, formatPercent(percent))}
      </p>
      <div className="mt-1.5 h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
    </div>
  );
}

function Reminder({
  election,
  notVoted,
  nextAt,
  refetch,
  dateTime,
}: {
  election: Election;
  notVoted: number;
  nextAt: string | Date | null;
  refetch: () => Promise<{ data?: { not_voted: number } }>;
  dateTime: (v: string | Date | null) => string;
}) {
  const { confirmAction, alertFailure } = useAdminDialogs();
  const remind = useRemind(election.id);

  async function onRemind() {
    // The exact number at the moment of asking: the count is read again first.
    const fresh = (await refetch()).data?.not_voted ?? notVoted;
    if (!(await confirmAction(REMINDER_MSG.confirm(fresh, election.title)))) return;
    remind.mutate(undefined, {
      onSuccess: (answer) => flash.success(answer.message),
      onError: (error) => alertFailure(error, (m) => `Error sending reminders: ${m}`),
    });
  }

  return (
    <section aria-labelledby="reminder-title" className="rounded-xl border border-slate-200 p-4">
      <h3 id="reminder-title" className="font-semibold text-slate-900">
        {REMINDER_MSG.action}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {notVoted.toLocaleString('en-GB')} eligible {notVoted === 1 ? 'member has' : 'members have'} not voted yet. One e-mail each, at most once every 12 hours.
      </p>
      {nextAt ? <p className="mt-1 text-sm text-amber-950">Members were reminded recently. The next reminder can be sent from {dateTime(nextAt)}.</p> : null}
      <Button className="mt-3" size="sm" onClick={onRemind} disabled={remind.isPending || !!nextAt || notVoted === 0}>
        {remind.isPending ? 'Sending...' : REMINDER_MSG.action}
      </Button>
    </section>
  );
}
