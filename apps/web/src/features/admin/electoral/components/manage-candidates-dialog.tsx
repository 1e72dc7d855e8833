import { POSITIONS, type Position } from '@aesa/shared/constants';
import { ELECTION_MSG, lifecycleActions, type Candidate, type Election } from '@aesa/shared/elections';
import { candidateFormSchema, candidateUpdateSchema } from '@aesa/shared/schemas/elections';
import { useEffect, useRef, useState } from 'react';
import { ImageUploadField } from '@/components/admin/image-upload-field.tsx';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { FormEditConflict } from '@/components/ui/edit-conflict.tsx';
import { useVersionedEdit, type ConflictField } from '@/lib/edit-conflict.ts';
import { loadFailed, useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import type { CandidateCreateInput, CandidateUpdateInput } from '@aesa/shared/elections';
import {
  addCandidate,
  removeCandidate,
  updateCandidate,
  useCandidates,
  useElectionMutation,
} from '../api/elections-api.ts';
import { SelectField, TextAreaField } from '@/components/ui/field.tsx';
import { useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { usePickedUser } from '@/components/user-picker/use-picked-user.ts';
import { personLabel } from '../lib/person-label.ts';
import { MemberSearchSelect } from './member-search-select.tsx';

type View = { mode: 'list'; returnTo?: Position } | { mode: 'add'; position: Position } | { mode: 'edit'; candidate: Candidate };

/**
 * Manage Candidates: one section per position, each with Add Candidate; each
 * candidate with edit (position, manifesto, campaign image) and remove. The dialog switches
 * between the list and a form.
 */
export function ManageCandidatesDialog({ election, onClose }: { election: Election; onClose: () => void }) {
  const [view, setView] = useState<View>({ mode: 'list' });
  const title =
    view.mode === 'add' ? `Add Candidate · ${view.position}` : view.mode === 'edit' ? `Edit Candidate · ${personLabel(view.candidate.users)}` : 'Manage Candidates';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} description={election.title} className="sm:max-w-3xl">
        {view.mode === 'list' ? (
          <CandidateSections
            election={election}
            returnTo={view.returnTo}
            onAdd={(position) => setView({ mode: 'add', position })}
            onEdit={(candidate) => setView({ mode: 'edit', candidate })}
          />
        ) : (
          <CandidateForm
            key={view.mode === 'edit' ? view.candidate.id : `add-${view.position}`}
            election={election}
            candidate={view.mode === 'edit' ? view.candidate : null}
            position={view.mode === 'edit' ? view.candidate.position : view.position}
            onDone={(position) => setView({ mode: 'list', returnTo: position })}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CandidateSections({
  election,
  returnTo,
  onAdd,
  onEdit,
}: {
  election: Election;
  returnTo?: Position;
  onAdd: (position: Position) => void;
  onEdit: (candidate: Candidate) => void;
}) {
  const { alertFailure, confirmAction } = useAdminDialogs();
  const candidates = useCandidates(election.id);
  const listRef = useRef<HTMLDivElement>(null);
  const ready = !!candidates.data;
  // Back from a form: the section it was about comes into view with focus on its heading.
  useEffect(() => {
    if (!ready || !returnTo) return;
    const heading = listRef.current?.querySelector<HTMLElement>(`[data-position="${CSS.escape(returnTo)}"]`);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [ready, returnTo]);
  const remove = useElectionMutation((candidate: Candidate) => removeCandidate(election.id, candidate.id, candidate.version));
  // Once voting has opened the ballot is fixed: candidates are neither added nor removed (the server refuses too).
  const ballotFixed = lifecycleActions(election, new Date()).opened;

  if (candidates.isPending) return <ListLoading label="Loading candidates..." />;
  if (candidates.isError) {
    return <ListError message={loadFailed('candidates', candidates.error)} onRetry={() => void candidates.refetch()} retrying={candidates.isFetching} />;
  }

  async function onRemove(candidate: Candidate) {
    const name = personLabel(candidate.users);
    if (!await confirmAction(`Remove ${name} as a candidate for ${candidate.position}?`)) return;
    remove.mutate(candidate, {
      onSuccess: () => flash.success('Candidate removed'),
      onError: (error) => alertFailure(error, (m) => `Failed to remove candidate: ${m}`),
    });
  }

  return (
    <div ref={listRef} className="space-y-3">
      {ballotFixed ? <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800">{ELECTION_MSG.candidatesLocked}</p> : null}
      {POSITIONS.map((position) => {
        const here = candidates.data.filter((c) => c.position === position);
        return (
          <section key={position} aria-label={position} className="scroll-mt-2 rounded-xl border border-slate-200 p-3 sm:p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 data-position={position} tabIndex={-1} className="font-semibold text-navy-900 focus:outline-none">
                {position} <span className="text-sm font-normal text-slate-600">({here.length})</span>
              </h3>
              {ballotFixed ? null : (
                <Button size="sm" variant="outline" onClick={() => onAdd(position)} aria-label={`Add Candidate for ${position}`}>
                  Add Candidate
                </Button>
              )}
            </div>
            {here.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No candidates for this position yet.</p>
            ) : (
              <ul className="mt-3 space-y-2">
                {here.map((candidate) => (
                  <li key={candidate.id} className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-start">
                    <Avatar
                      name={candidate.users?.name}
                      src={candidate.candidate_image_url ?? candidate.users?.profile_image_url}
                      className="size-12"
                    />
                    <div className="min-w-0 flex-1">
                      <p className="font-medium break-words text-slate-900">{personLabel(candidate.users)}</p>
                      {candidate.users?.matric_number ? <p className="text-xs text-slate-600">{candidate.users.matric_number}</p> : null}
                      {candidate.manifesto ? <p className="mt-1 line-clamp-3 text-sm break-words text-slate-700">{candidate.manifesto}</p> : null}
                    </div>
                    <div className="flex shrink-0 gap-2">
                      <Button size="sm" variant="outline" onClick={() => onEdit(candidate)} aria-label={`Edit ${personLabel(candidate.users)}`}>
                        Edit
                      </Button>
                      {ballotFixed ? null : (
                        <Button
                          size="sm"
                          variant="danger"
                          onClick={() => onRemove(candidate)}
                          disabled={remove.isPending}
                          aria-label={`Remove ${personLabel(candidate.users)}`}
                        >
                          Remove
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

type CandidateFormValues = { user_id: string; position: Position; manifesto: string; candidate_image_url: string };
/** The add form's output (candidateFormSchema) or the edit form's (candidateUpdateSchema). */
type CandidateInput = CandidateCreateInput | CandidateUpdateInput;

const candidateValues = (candidate: Candidate, position: Position): CandidateFormValues => ({
  user_id: '',
  position: candidate.position ?? position,
  manifesto: candidate.manifesto ?? '',
  candidate_image_url: candidate.candidate_image_url ?? '',
});

/** The fields the conflict screen compares (the member does not change once added). */
const CANDIDATE_CONFLICT_FIELDS: ConflictField<CandidateFormValues>[] = [
  { key: 'position', label: 'Position' },
  { key: 'manifesto', label: 'Manifesto' },
  { key: 'candidate_image_url', label: 'Campaign image' },
];

function CandidateForm({
  election,
  candidate,
  position: initialPosition,
  onDone,
}: {
  election: Election;
  candidate: Candidate | null;
  position: Position;
  onDone: (position: Position) => void;
}) {
  const { alertFailure } = useAdminDialogs();
  const formRef = useRef<HTMLFormElement>(null);
  // The list's button that opened this form is gone: focus moves to the form's first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input:not([tabindex="-1"]), select, textarea')?.focus();
  }, []);
  const [uploading, setUploading] = useState(false);
  // Adding checks the member too; editing changes only the position, manifesto and image.
  const form = useZodForm<CandidateFormValues, CandidateInput>(candidate ? candidateUpdateSchema : candidateFormSchema, {
    defaultValues: {
      user_id: '',
      position: initialPosition,
      manifesto: candidate?.manifesto ?? '',
      candidate_image_url: candidate?.candidate_image_url ?? '',
    },
  });
  const { user: member, pick } = usePickedUser(form);
  const image = form.watch('candidate_image_url');

  // An edit saves from the version it read; a stale save shows the conflict screen (decision 054).
  const edit = useVersionedEdit(candidate);
  const save = useElectionMutation(({ input, version }: { input: CandidateInput; version?: number }) =>
    candidate && version !== undefined ? updateCandidate(election.id, candidate.id, version, input) : addCandidate(election.id, input as CandidateCreateInput),
  );

  const send = (input: CandidateInput, version: number | undefined) =>
    save.mutate(
      { input, version },
      {
        onSuccess: () => {
          flash.success(candidate ? 'Candidate updated' : 'Candidate added');
          onDone(input.position ?? initialPosition);
        },
        onError: (error) => {
          if (edit.caught(error) || form.showRefusal(error)) return;
          void alertFailure(error, (m) => (candidate ? `Failed to update candidate: ${m}` : `Failed to add candidate: ${m}`));
        },
      },
    );
  const onSubmit = form.handleSubmit((input) => send(input, edit.version));
  const applyMine = form.handleSubmit((input) => send(input, edit.applyMine()));
  const reload = () => {
    const current = edit.reload();
    if (current) form.reset(candidateValues(current, initialPosition));
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <FormEditConflict edit={edit} fields={CANDIDATE_CONFLICT_FIELDS} valuesOf={(row) => candidateValues(row, initialPosition)} mine={form.getValues} onReload={reload} onApplyMine={() => void applyMine()} busy={save.isPending} />
      {candidate ? (
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 p-3">
          <Avatar name={candidate.users?.name} src={candidate.users?.profile_image_url} />
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{personLabel(candidate.users)}</p>
            {candidate.users?.matric_number ? <p className="text-xs text-slate-600">{candidate.users.matric_number}</p> : null}
          </div>
        </div>
      ) : (
        <MemberSearchSelect
          value={member}
          onChange={pick}
          error={form.errorOf('user_id')}
        />
      )}
      <SelectField label="Position" {...form.field('position')}>
        {POSITIONS.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Manifesto" hint="Optional" rows={5} maxLength={5000} {...form.field('manifesto')} />
      <ImageUploadField
        label="Campaign image"
        type="candidate"
        value={image}
        onChange={(url) => form.setValue('candidate_image_url', url, { shouldValidate: form.formState.isSubmitted })}
        onBusyChange={setUploading}
        error={form.errorOf('candidate_image_url')}
      />
      <FormActions
        label={candidate ? 'Save Candidate' : 'Add Candidate'}
        busy={save.isPending}
        disabled={uploading}
        onCancel={() => onDone(initialPosition)}
        cancelDisabled={save.isPending}
      />
    </form>
  );
}
