import { YEAR_HINT } from '@aesa/shared/admin';
import type { Election } from '@aesa/shared/elections';
import { WINNERS_MSG } from '@aesa/shared/election-winners';
import { installWinnersSchema, type WinnerPosition } from '@aesa/shared/schemas/election-winners';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { loadFailed, useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { useInstallWinners, useWinnersPreview } from '../api/election-winners-api.ts';

/**
 * Install Winners as Executives: the confirmation lists each position's winner (and whose term
 * ends), each tie and each position nobody voted for (both left alone); the admin names the
 * session year and confirms once. The server refuses it before the final results and a second time.
 */
export function InstallWinnersDialog({ election, onClose }: { election: Election; onClose: () => void }) {
  const preview = useWinnersPreview(election.id);
  const { dateTime } = useDateFormat();
  const data = preview.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={WINNERS_MSG.action} description={election.title} className="max-w-2xl">
        {preview.isPending ? (
          <ListLoading label="Loading the results..." />
        ) : preview.isError ? (
          <ListError message={loadFailed('the results', preview.error)} onRetry={() => void preview.refetch()} retrying={preview.isFetching} />
        ) : data!.state === 'not-final' ? (
          <Closing>{WINNERS_MSG.notFinal}</Closing>
        ) : data!.state === 'installed' ? (
          <Closing>
            {WINNERS_MSG.installedOn(data!.installed_year ?? '')} ({dateTime(data!.installed_at)})
          </Closing>
        ) : (
          <InstallForm election={election} positions={data!.positions} defaultYear={data!.default_year} onDone={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Closing({ children }: { children: React.ReactNode }) {
  return (
    <div className="space-y-4">
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">{children}</p>
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
      </div>
    </div>
  );
}

function InstallForm({ election, positions, defaultYear, onDone }: { election: Election; positions: WinnerPosition[]; defaultYear: string; onDone: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const form = useZodForm<{ year: string }, { year: string }>(installWinnersSchema, { defaultValues: { year: defaultYear } });
  const install = useInstallWinners(election.id);
  const winners = positions.filter((p) => p.outcome === 'winner');
  const year = form.watch('year');

  const onSubmit = form.handleSubmit(({ year }) =>
    install.mutate(year, {
      onSuccess: (answer) => {
        flash.success(answer.message);
        onDone();
      },
      onError: (error) => {
        if (!form.showRefusal(error)) void alertFailure(error, (m) => `Error installing winners: ${m}`);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Positions">
        {positions.map((p) => (
          <li key={p.position} className="p-3 text-sm" data-position={p.position} data-outcome={p.outcome}>
            <p className="font-semibold text-navy-900">{p.position}</p>
            {p.outcome === 'winner' ? (
              <>
                <p className="text-slate-900">
                  <span className="font-medium">{p.winner!.name}</span> ({p.winner!.votes} {p.winner!.votes === 1 ? 'vote' : 'votes'}) becomes {p.position}.
                </p>
                {p.ending.map((h) => (
                  <p key={`${h.user_id}-${h.position}`} className="text-slate-600">
                    {h.name}&rsquo;s term as {h.position} ends.
                  </p>
                ))}
              </>
            ) : p.outcome === 'tie' ? (
              <p className="text-amber-950">
                Tie between {p.tied.map((c) => c.name).join(' and ')} ({p.tied[0]?.votes} {p.tied[0]?.votes === 1 ? 'vote' : 'votes'} each): not installed.
              </p>
            ) : (
              <p className="text-slate-600">No votes: left as it is.</p>
            )}
          </li>
        ))}
      </ul>
      {positions.some((p) => p.outcome === 'tie') ? <p className="text-sm font-medium text-amber-950">{WINNERS_MSG.tiesNotInstalled}</p> : null}
      {winners.length === 0 ? (
        <Closing>{WINNERS_MSG.noWinners}</Closing>
      ) : (
        <>
          <TextField label="Session year" hint={YEAR_HINT} required {...form.field('year')} />
          <p className="text-sm font-medium text-slate-900">{WINNERS_MSG.confirm(winners.length, year || '…')}</p>
          <FormActions label={WINNERS_MSG.action} busy={install.isPending} busyLabel="Installing..." onCancel={onDone} cancelDisabled={install.isPending} />
        </>
      )}
    </form>
  );
}
