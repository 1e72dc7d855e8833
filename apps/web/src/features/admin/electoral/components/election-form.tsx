import { LIFECYCLE_TEXT, lifecycleActions, VOTER_RULE_OPTION, VOTER_RULES, type Election, type VoterRule } from '@aesa/shared/elections';
import { electionFormSchema } from '@aesa/shared/schemas/elections';
import { FormEditConflict } from '@/components/ui/edit-conflict.tsx';
import { DateTimeField } from '@/components/ui/date-time-field.tsx';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field.tsx';
import { useQuery } from '@tanstack/react-query';
import { rollSummaryQueryOptions } from '@/features/elections/api/election-record.ts';
import { useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { fromLocalInput, toLocalInput } from '@/lib/datetime-local.ts';
import { useVersionedEdit, type ConflictField } from '@/lib/edit-conflict.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import { flash } from '@/lib/flash.ts';
import { createElection, updateElection, useElectionMutation, type ElectionInput } from '../api/elections-api.ts';

/** The inputs as chosen: start and end are wall times ('YYYY-MM-DDTHH:mm') in the association's time zone. */
type ElectionFormValues = { title: string; description: string; start_time: string; end_time: string; voter_rule: VoterRule; session: string };

const valuesOf = (election: Election | null): ElectionFormValues => ({
  title: election?.title ?? '',
  description: election?.description ?? '',
  start_time: toLocalInput(election?.start_time),
  end_time: toLocalInput(election?.end_time),
  voter_rule: election?.voter_rule ?? 'verified',
  session: election?.session ?? '',
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
 * server's call, and its message is shown under the end time. Who may
 * vote (verified members, or financial members of a session) is chosen here too, and can be
 * changed only until the voter roll freezes when voting opens.
 */
export function ElectionForm({ election, onSaved, onCancel }: { election: Election | null; onSaved: () => void; onCancel: () => void }) {
  const { alertFailure } = useAdminDialogs();
  // Only an election being edited can have a frozen roll; then its rule is shown, not sent.
  const roll = useQuery({ ...rollSummaryQueryOptions(election?.id ?? '', true), enabled: !!election });
  const ruleFixed = !!election && (roll.data?.frozen_at ?? null) !== null;
  const form = useZodForm<ElectionFormValues, ElectionInput>(electionFormSchema, {
    defaultValues: valuesOf(election),
    toInput: ({ voter_rule, session, ...v }) => ({
      ...v,
      start_time: asInstant(v.start_time),
      end_time: asInstant(v.end_time),
      ...(ruleFixed ? {} : { voter_rule, session: voter_rule === 'financial' ? session : null }),
    }),
  });
  const financial = form.watch('voter_rule') === 'financial';
  // Once voting has opened the times stay as they are (Extend Voting and Close Voting Now move the end).
  const timesLocked = election ? lifecycleActions(election, new Date()).opened : false;
  // An edit saves from the version it read; a stale save shows the conflict screen (decision 054).
  const edit = useVersionedEdit(election);
  const save = useElectionMutation(({ input, version }: { input: ElectionInput; version?: number }) => {
    if (!election || version === undefined) return createElection(input);
    const { title, description } = input;
    return updateElection(election.id, version, timesLocked ? { title, description } : input);
  });

  const send = (input: ElectionInput, version: number | undefined) =>
    save.mutate({ input, version }, {
      onSuccess: () => {
        flash.success(election ? 'Election updated' : 'Election created');
        onSaved();
      },
      onError: async (error) => {
        // A refusal about one input (end before start, a title taken, the session) is said under
        // it and the form stays as typed; anything else is a notice.
        if (edit.caught(error) || form.showRefusal(error)) return;
        await alertFailure(error, (m) => `Error saving election: ${m}`);
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
      <FormEditConflict edit={edit} fields={CONFLICT_FIELDS} valuesOf={valuesOf} mine={form.getValues} onReload={reload} onApplyMine={() => void applyMine()} busy={save.isPending} />
      <TextField label="Title" required maxLength={200} {...form.field('title')} />
      <TextAreaField label="Description" hint="Optional" maxLength={5000} {...form.field('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateTimeField form={form} name="start_time" label="Start date and time" required disabled={timesLocked} />
        <DateTimeField form={form} name="end_time" label="End date and time" required disabled={timesLocked} />
      </div>
      {timesLocked ? <p className="text-sm font-medium text-slate-800">{LIFECYCLE_TEXT.timesLocked}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Who may vote"
          disabled={ruleFixed}
          hint={ruleFixed ? 'Fixed: the voter roll was frozen when voting opened.' : 'Fixed once voting opens and the voter roll freezes.'}
          {...form.field('voter_rule')}
        >
          {VOTER_RULES.map((rule) => (
            <option key={rule} value={rule}>
              {VOTER_RULE_OPTION[rule]}
            </option>
          ))}
        </SelectField>
        {financial ? (
          <TextField label="Session" required disabled={ruleFixed} placeholder="2026-2027" hint="Members with an approved payment for this session" maxLength={9} {...form.field('session')} />
        ) : null}
      </div>
      <FormActions label={election ? 'Save Changes' : 'Create Election'} busy={save.isPending} onCancel={onCancel} cancelDisabled={save.isPending} />
    </form>
  );
}
