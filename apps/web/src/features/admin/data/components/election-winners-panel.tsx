import { electionStatus, type Election } from '@aesa/shared/elections';
import { WINNERS_MSG } from '@aesa/shared/election-winners';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useNow } from '@/hooks/use-now.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { useElections } from '../../electoral/api/elections-api.ts';
import { InstallWinnersDialog } from '../../electoral/components/install-winners-dialog.tsx';

/** How many elections with final results the panel offers, newest first. */
const SHOWN = 3;

/**
 * Data admins may install an election's winners as the executives too (the step is on the
 * Electoral screen, which they may not open): the latest elections with final results, each with
 * the same confirmation. Nothing shows when there are none.
 */
export function ElectionWinnersPanel() {
  const elections = useElections();
  const now = useNow();
  const { dateTime } = useDateFormat();
  const [installing, setInstalling] = useState<Election | null>(null);
  const final = (elections.data ?? [])
    // Final: the committee published the final results after the close (live results are not final).
    .filter((e) => e.final_results_published && electionStatus(e.start_time, e.end_time, now) === 'ended')
    .sort((a, b) => Date.parse(b.end_time) - Date.parse(a.end_time))
    .slice(0, SHOWN);
  if (final.length === 0) return null;
  return (
    <section aria-labelledby="election-winners-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id="election-winners-title" className="font-semibold text-slate-900">
        Election winners
      </h3>
      <p className="mt-1 text-sm text-slate-700">Install the winners of an election with final results as the executives, in one confirmed step.</p>
      <ul className="mt-3 divide-y divide-slate-100">
        {final.map((e) => (
          <li key={e.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
            <span className="min-w-0 text-sm">
              <span className="font-medium break-words text-slate-900">{e.title}</span>
              <span className="block text-slate-600">Voting ended {dateTime(e.end_time)}</span>
            </span>
            <Button size="sm" variant="outline" className="shrink-0" onClick={() => setInstalling(e)} aria-label={`${WINNERS_MSG.action}: ${e.title}`}>
              {WINNERS_MSG.action}
            </Button>
          </li>
        ))}
      </ul>
      {installing ? <InstallWinnersDialog election={installing} onClose={() => setInstalling(null)} /> : null}
    </section>
  );
}
