import { LIMITS } from '@aesa/shared/constants';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextAreaField, TextField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { flash } from '@/lib/flash.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { addSkill, deleteSkill } from '../../api/skills.ts';
import { updateProfile } from '../../api/update-profile.ts';
import { useDirty } from '../../lib/dirty.ts';
import { diffSkills, normaliseSkillName, skillNameMax, skillProblem } from '../../lib/skills.ts';
import { EditorActions, EditorDialog } from './editor-dialog.tsx';
import { reportSaveFailure, useIsNarrow, useRefreshProfile } from './editor-helpers.ts';
import { CloseIcon } from '@/components/icons/action-icons.tsx';

/** Bio (with a live counter to 2600) and skills (Enter adds) in one dialog. */
export function BioSkillsEditor({ profile, onClose }: { profile: ProfileData; onClose: () => void }) {
  const initial = useMemo(() => ({ bio: profile.bio ?? '', skills: profile.user_skills.map((s) => s.skill_name) }), [profile]);
  // The bio follows the rule of the profile request; the skills list is edited here and each new
  // one is checked when it is added.
  const form = useZodForm(() => import('@aesa/shared/schemas/profile').then((m) => m.profileUpdateSchema.pick({ bio: true })), {
    defaultValues: { bio: initial.bio },
  });
  const bio = form.watch('bio') ?? '';
  const [skills, setSkills] = useState(initial.skills);
  const [draft, setDraft] = useState('');
  const [skillError, setSkillError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const current = useMemo(() => ({ bio, skills }), [bio, skills]);
  const dirty = useDirty(initial, current);
  const narrow = useIsNarrow();
  const max = skillNameMax(narrow ? 390 : 1280);
  const refresh = useRefreshProfile();
  const counterId = useId();

  function add() {
    const problem = skillProblem(draft, skills, max);
    setSkillError(problem);
    if (problem) return;
    setSkills((s) => [...s, normaliseSkillName(draft)]);
    setDraft('');
  }

  function onSkillKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  }

  async function onSubmit(parsed: { bio?: string | null }) {
    if (!dirty) return setSaved(true);
    setBusy(true);
    try {
      if (bio.trim() !== initial.bio.trim()) await updateProfile({ bio: parsed.bio ?? '' });
      const { added, removed } = diffSkills(profile.user_skills, skills);
      for (const skill of removed) await deleteSkill(skill);
      for (const name of added) await addSkill(name);
      flash.success('Bio and skills updated successfully!');
      setSaved(true);
    } catch (error) {
      reportSaveFailure(form, error, (detail) => `Failed to update bio and skills: ${detail}`);
    } finally {
      setBusy(false);
      void refresh();
    }
  }

  return (
    <EditorDialog title="Edit Bio and Skills" dirty={dirty} saved={saved} busy={busy} onClose={onClose}>
      <Form form={form} onSubmit={onSubmit}>
        <TextAreaField
          label="Bio"
          rows={7}
          maxLength={LIMITS.bioMax}
          {...form.field('bio')}
          placeholder="Tell other members about yourself"
          describedById={counterId}
        />
        <p id={counterId} className="mt-1 text-right text-sm text-slate-600">
          {bio.length}/{LIMITS.bioMax}
          <span className="sr-only"> characters</span>
        </p>

        <fieldset className="mt-4">
          <legend className="mb-1 text-sm font-semibold text-slate-800">Skills</legend>
          <div className="flex items-start gap-2">
            <TextField
              label="Add a skill"
              className="flex-1 [&>label]:sr-only"
              name="skill"
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                setSkillError(null);
              }}
              onKeyDown={onSkillKey}
              placeholder="Type a skill and press Enter"
              error={skillError}
              hint={`Up to ${max} characters.`}
              enterKeyHint="done"
            />
            <Button variant="secondary" className="h-11" onClick={add}>
              Add
            </Button>
          </div>
          {skills.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No skills added yet.</p>
          ) : (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Your skills">
              {skills.map((skill) => (
                <li key={skill} className="flex items-center gap-1 rounded-full bg-sky-100 py-1 pr-1 pl-3 text-sm font-semibold text-sky-900">
                  {skill}
                  <button
                    type="button"
                    onClick={() => setSkills((s) => s.filter((x) => x !== skill))}
                    aria-label={`Remove ${skill}`}
                    className="flex size-7 items-center justify-center rounded-full hover:bg-sky-200"
                  >
                    <CloseIcon />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <EditorActions busy={busy} />
      </Form>
    </EditorDialog>
  );
}
