import { YEAR_HINT, type ExecutiveAdminItem, type PickerUser } from '@aesa/shared/admin';
import type { Position } from '@aesa/shared/constants';
import { executiveYearFormSchema } from '@aesa/shared/schemas/admin';
import { useId, useState } from 'react';
import { ExportCsvButton } from '@/components/admin/export-csv-button.tsx';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormEditConflict } from '@/components/ui/edit-conflict.tsx';
import { useVersionedEdit } from '@/lib/edit-conflict.ts';
import { TextField } from '@/components/ui/field.tsx';
import { useZodForm } from '@/components/ui/form.tsx';
import { UserPickerDialog } from '@/components/user-picker/user-picker-dialog.tsx';
import { isSessionEnd, loadFailed, useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { createExecutive, updateExecutive, useExecutiveMutation, useExecutives } from '../api/executives.ts';
import { assignFailureText, assignRefusal, officeMark, officesOf } from '../lib/executives.ts';
import { ElectionWinnersPanel } from './election-winners-panel.tsx';

/**
 * Executives: one card per office with its current holder; assign with the
 * user picker, edit the year, remove (the term ends now). An office counts as held while its
 * record is current and has no end date or one in the future (the server's `held`).
 */
export function ExecutivesTab() {
  const { confirmAction, notify } = useAdminDialogs();
  const executives = useExecutives();
  const [assigning, setAssigning] = useState<{ position: Position; holder: ExecutiveAdminItem | null } | null>(null);
  const create = useExecutiveMutation(createExecutive);

  if (executives.isPending) return <ListLoading label="Loading executives..." />;
  if (executives.isError) {
    return <ListError message={loadFailed('executives', executives.error)} onRetry={() => void executives.refetch()} retrying={executives.isFetching} />;
  }
  const offices = officesOf(executives.data.executives);
  const year = executives.data.default_year;

  async function assign(position: Position, holder: ExecutiveAdminItem | null, user: PickerUser) {
    const name = user.name || 'This member';
    // Checked before the confirmation: asking to end a term and then refusing helps nobody.
    const refusal = assignRefusal(offices, position, user);
    if (refusal) {
      notify(refusal);
      return;
    }
    if (holder && !await confirmAction(`Assign ${name} as ${position}? ${holder.users?.name || 'The current holder'}'s term ends now.`)) return;
    create.mutate(
      { user_id: user.id, position, year, is_current: true },
      {
        onSuccess: (response) => {
          const replaced = response.replaced ? ` ${response.replaced.name}'s term has ended.` : '';
          flash.success(`${name} assigned as ${position}.${replaced}`);
        },
        onError: (error) => {
          if (isSessionEnd(error)) return;
          notify(assignFailureText(error));
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Each office has at most one current holder, and a member holds at most one office. Assigning an office that is held ends the current holder's term.
      </p>
      <div className="flex justify-end">
        <ExportCsvButton name="executives" accessibleLabel="Export CSV of every executive record, past ones included" />
      </div>
      <ElectionWinnersPanel />
      {create.isPending ? (
        <p role="status" className="text-sm font-medium text-slate-700">
          Assigning...
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Executive offices">
        {offices.map((office) => (
          <li key={office.position} className="flex">
            <OfficeCard
              position={office.position}
              holder={office.holder}
              past={office.past}
              defaultYear={year}
              busy={create.isPending}
              onAssign={() => setAssigning({ position: office.position, holder: office.holder })}
            />
          </li>
        ))}
      </ul>
      <UserPickerDialog
        mode="instant"
        open={!!assigning}
        onOpenChange={(open) => !open && setAssigning(null)}
        title={assigning ? `Assign ${assigning.position}` : 'Assign'}
        description={`Choose the member who takes the office (year ${year}; you can change the year afterwards).`}
        unavailableReason={(user) => officeMark(offices, user.id)}
        onSelect={(user) => {
          if (assigning) assign(assigning.position, assigning.holder, user);
        }}
      />
    </div>
  );
}

function OfficeCard({
  position,
  holder,
  past,
  defaultYear,
  busy,
  onAssign,
}: {
  position: Position;
  holder: ExecutiveAdminItem | null;
  past: ExecutiveAdminItem[];
  defaultYear: string;
  busy: boolean;
  onAssign: () => void;
}) {
  const { alertFailure, confirmAction } = useAdminDialogs();
  const titleId = useId();
  const [editingYear, setEditingYear] = useState(false);
  const remove = useExecutiveMutation(({ id, version }: { id: string; version: number }) => updateExecutive(id, version, { end_date: new Date().toISOString() }));

  async function onRemove() {
    if (!holder) return;
    const name = holder.users?.name || 'this member';
    if (!await confirmAction(`Are you sure you want to remove ${name} from ${position}? Their term ends now.`)) return;
    remove.mutate({ id: holder.id, version: holder.version }, {
      onSuccess: () => flash.success(`${name} removed from ${position}`),
      onError: (error) => alertFailure(error, (m) => `Error removing executive: ${m}`),
    });
  }

  return (
    <article aria-labelledby={titleId} className="flex w-full min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-base font-bold text-navy-900">
          {position}
        </h3>
        <span className={holder ? 'rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900' : 'rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900'}>
          {holder ? 'Held' : 'Vacant'}
        </span>
      </div>
      {holder ? (
        <div className="mt-3 flex min-w-0 items-center gap-3">
          <Avatar name={holder.users?.name} />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{holder.users?.name || 'Unnamed member'}</p>
            <p className="truncate text-xs text-slate-600">{holder.users?.matric_number}</p>
            <p className="truncate text-xs text-slate-600">{holder.users?.email}</p>
          </div>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No one holds this office.</p>
      )}
      {holder && editingYear ? (
        <YearForm holder={holder} position={position} defaultYear={defaultYear} onDone={() => setEditingYear(false)} />
      ) : holder ? (
        <p className="mt-2 text-sm text-slate-700">
          Year: <span className="font-semibold">{holder.year || 'Not set'}</span>
        </p>
      ) : null}
      {past.length > 0 ? (
        <details className="mt-2 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-slate-700">Previous holders ({past.length})</summary>
          <ul className="mt-1 list-inside list-disc">
            {past.slice(0, 5).map((p) => (
              <li key={p.id} className="break-words">
                {p.users?.name || 'Unnamed member'}
                {p.year ? ` (${p.year})` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {editingYear ? null : (
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Button size="sm" variant={holder ? 'outline' : 'primary'} onClick={onAssign} disabled={busy} aria-label={`${holder ? 'Reassign' : 'Assign'} ${position}`}>
            {holder ? 'Reassign' : 'Assign'}
          </Button>
          {holder ? (
            <>
              <Button size="sm" variant="outline" onClick={() => setEditingYear(true)} aria-label={`Edit year of ${position}`}>
                Edit Year
              </Button>
              <Button size="sm" variant="danger" onClick={onRemove} disabled={remove.isPending} aria-label={`Remove ${holder.users?.name || 'holder'} from ${position}`}>
                {remove.isPending ? 'Removing...' : 'Remove'}
              </Button>
            </>
          ) : null}
        </div>
      )}
    </article>
  );
}

function YearForm({ holder, position, defaultYear, onDone }: { holder: ExecutiveAdminItem; position: Position; defaultYear: string; onDone: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const form = useZodForm<{ year: string }, { year: string }>(executiveYearFormSchema, { defaultValues: { year: holder.year ?? defaultYear } });
  // A save from the version it read; a stale one shows the conflict screen (decision 054).
  const edit = useVersionedEdit(holder);
  const save = useExecutiveMutation(({ year, version }: { year: string; version: number }) => updateExecutive(holder.id, version, { year }));

  const send = (year: string, version: number) =>
    save.mutate(
      { year, version },
      {
        onSuccess: () => {
          flash.success(`${position}: year set to ${year}`);
          onDone();
        },
        onError: (e) => {
          if (edit.caught(e) || form.showRefusal(e)) return;
          void alertFailure(e, (m) => `Error updating executive: ${m}`);
        },
      },
    );
  const onSubmit = form.handleSubmit(({ year }) => send(year, edit.version ?? holder.version));
  const applyMine = form.handleSubmit(({ year }) => send(year, edit.applyMine() ?? holder.version));
  const reload = () => {
    const current = edit.reload();
    if (current) form.reset({ year: current.year ?? '' });
  };
  const yearOf = (record: ExecutiveAdminItem) => ({ year: record.year ?? '' });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-2">
      <FormEditConflict edit={edit} fields={[{ key: 'year', label: 'Year' }]} valuesOf={yearOf} mine={form.getValues} onReload={reload} onApplyMine={() => void applyMine()} busy={save.isPending} />
      <TextField label={`Year (${position})`} hint={YEAR_HINT} autoComplete="off" {...form.field('year')} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Year'}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
