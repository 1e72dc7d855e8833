import { ELECTION_MSG, type Election } from '@aesa/shared/elections';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextAreaField, TextField } from '@/components/ui/field.tsx';
import { errorMessage, useAdminDialogs } from '@/lib/admin-messages.ts';
import { toLocalInput } from '@/lib/datetime-local.ts';
import { dateSettings } from '@/lib/format-date.ts';
import { flash } from '@/lib/flash.ts';
import { focusFirstInvalid } from '@/lib/form-errors.ts';
import { createElection, updateElection, useElectionMutation, type ElectionInput } from '../api/elections-api.ts';
import { type ElectionFormField, type ElectionFormValues, validateElectionForm } from '../lib/election-rules.ts';

/** The election form (spec 02 §5): Create Election, or Edit Election when given one. */
export function ElectionForm({ election, onSaved, onCancel }: { election: Election | null; onSaved: () => void; onCancel: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ElectionFormValues>({
    title: election?.title ?? '',
    description: election?.description ?? '',
    start: toLocalInput(election?.start_time),
    end: toLocalInput(election?.end_time),
  });
  const [errors, setErrors] = useState<Partial<Record<ElectionFormField, string>>>({});
  const save = useElectionMutation((input: ElectionInput) => (election ? updateElection(election.id, input) : createElection(input)));

  function update(field: ElectionFormField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateElectionForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    save.mutate(result.input, {
      onSuccess: () => {
        flash.success(election ? 'Election updated' : 'Election created');
        onSaved();
      },
      onError: (error) => {
        // The server's own check: show its words under the end time as well as in the alert.
        if (errorMessage(error) === ELECTION_MSG.endBeforeStart) {
          setErrors({ end: ELECTION_MSG.endBeforeStart });
          focusFirstInvalid(formRef.current);
        }
        alertFailure(error, (m) => `Error saving election: ${m}`);
      },
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="max-w-2xl space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-bold text-navy-900">{election ? 'Edit Election' : 'Create Election'}</h2>
      <TextField label="Title" required value={values.title} onChange={(e) => update('title', e.target.value)} error={errors.title} maxLength={200} />
      <TextAreaField
        label="Description"
        hint="Optional"
        value={values.description}
        onChange={(e) => update('description', e.target.value)}
        maxLength={5000}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Start date and time"
          type="datetime-local"
          required
          value={values.start}
          onChange={(e) => update('start', e.target.value)}
          error={errors.start}
        />
        <TextField
          label="End date and time"
          type="datetime-local"
          required
          value={values.end}
          onChange={(e) => update('end', e.target.value)}
          error={errors.end}
        />
      </div>
      <p className="text-sm text-slate-600">Times are in the association's time zone ({dateSettings().timeZone}).</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : election ? 'Save Changes' : 'Create Election'}
        </Button>
      </div>
    </form>
  );
}
