import { ELECTION_MSG, type Election } from '@aesa/shared/elections';
import { electionFormSchema } from '@aesa/shared/schemas/elections';
import { EditConflictPanel } from '@/components/ui/edit-conflict.tsx';
import { TextAreaField, TextField } from '@/components/ui/field.tsx';
import { useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { errorMessage, useAdminDialogs } from '@/lib/admin-messages.ts';
import { fromLocalInput, toLocalInput } from '@/lib/datetime-local.ts';
import { conflictRows, useVersionedEdit, type ConflictField } from '@/lib/edit-conflict.ts';
import { dateSettings, formatDateTime } from '@/lib/format-date.ts';
import { flash } from '@/lib/flash.ts';
import { createElection, updateElection, useElectionMutation, type ElectionInput } from '../api/elections-api.ts';

/** The inputs as typed: start and end are datetime-local values, in the association's time zone. */
type ElectionFormValues = { title: string; description: string; start_time: string; end_time: string };

const valuesOf = (election: Election | null): ElectionFormValues => ({
  title: election?.title ?? '',
  description: election?.description ?? '',
  start_time: toLocalInput(election?.start_time),
  end_time: toLocalInput(election?.end_time),
});

const showTime = (v: unknown) => (v ? formatDateTime(fromLocalInput(String(v)) ?? String(v)) : '—');
/** The fields the conflict screen compares. */
const CONFLICT_FIELDS: ConflictField<ElectionFormValues>[] = [
  { key: 'title', label: 'Title' },
  { key: 'description', label: 'Description' },
  { key: 'start_time', label: 'Start date and time', show: showTime },
  { key: 'end_time', label: 'End date and time', show: showTime },
];

/** A datetime-local value as the ISO instant the route takes; anything else as typed, for the schema to refuse. */
const asInstant = (value: string) => fromLocalInput(value) ?? value;

/**
 * The election form: Create Election, or Edit Election when given one. Title, start
 * and end are required, the description optional; whether the end is after the start is the
 * server's call, and its message is shown under the end time as well as in the alert.
 */
export function ElectionForm({ election, onSaved, onCancel }: { election: Election | null; onSaved: () => void; onCancel: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const form = useZodForm<ElectionFormValues, ElectionInput>(electionFormSchema, {
    defaultValues: valuesOf(election),
    toInput: (v) => ({ ...v, start_time: asInstant(v.start_time), end_time: asInstant(v.end_time) }),
  });
  // An edit saves from the version it read; a stale save shows the conflict screen (decision 054).
  const edit = useVersionedEdit(election);
  const save = useElectionMutation(({ input, version }: { input: ElectionInput; version?: number }) =>
    election && version !== undefined ? updateElection(election.id, version, input) : createElection(input),
  );

  const send = (input: ElectionInput, version: number | undefined) =>
    save.mutate({ input, version }, {
      onSuccess: () => {
        flash.success(election ? 'Election updated' : 'Election created');
        onSaved();
      },
      onError: async (error) => {
        if (edit.caught(error)) return;
        await alertFailure(error, (m) => `Error saving election: ${m}`);
        // Once the alert is closed, the server's words stay under the end time, which gets focus.
        if (errorMessage(error) === ELECTION_MSG.endBeforeStart) form.setError('end_time', { message: ELECTION_MSG.endBeforeStart }, { shouldFocus: true });
      },
    });
  const onSubmit = form.handleSubmit((input) => send(input, edit.version));
  const applyMine = form.handleSubmit((input) => send(input, edit.applyMine()));
  const reload = () => {
    const current = edit.reload();
    if (current) form.reset(valuesOf(current));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-bold text-navy-900">{election ? 'Edit Election' : 'Create Election'}</h2>
      {edit.conflict && edit.base ? (
        <EditConflictPanel
          conflict={edit.conflict}
          rows={conflictRows(CONFLICT_FIELDS, valuesOf(edit.base), form.getValues(), valuesOf(edit.conflict.current))}
          onReload={reload}
          onApplyMine={() => void applyMine()}
          busy={save.isPending}
        />
      ) : null}
      <TextField label="Title" required maxLength={200} {...form.field('title')} />
      <TextAreaField label="Description" hint="Optional" maxLength={5000} {...form.field('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Start date and time" type="datetime-local" required {...form.field('start_time')} />
        <TextField label="End date and time" type="datetime-local" required {...form.field('end_time')} />
      </div>
      <p className="text-sm text-slate-600">Times are in the association's time zone ({dateSettings().timeZone}).</p>
      <FormActions label={election ? 'Save Changes' : 'Create Election'} busy={save.isPending} onCancel={onCancel} cancelDisabled={save.isPending} />
    </form>
  );
}
