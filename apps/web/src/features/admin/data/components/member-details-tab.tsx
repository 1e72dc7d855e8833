import { LEVELS } from '@aesa/shared/constants';
import type { PickerUser } from '@aesa/shared/admin';
import { levelYearChoiceSchema } from '@aesa/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LevelYearFields } from '@/components/level-year-fields.tsx';
import { FormEditConflict } from '@/components/ui/edit-conflict.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { UserPickerField } from '@/components/user-picker/user-picker-field.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { useVersionedEdit, type ConflictField } from '@/lib/edit-conflict.ts';
import { flash } from '@/lib/flash.ts';
import { correctMemberDetails } from '../api/member-details.ts';
import { MembersExport } from './members-export.tsx';

interface Values {
  current_level: string;
  enrollment_year: string;
}

const CONFLICT_FIELDS: ConflictField<Values>[] = [
  { key: 'current_level', label: 'Current level' },
  { key: 'enrollment_year', label: 'Enrolment year' },
];

const valuesOf = (member: Pick<PickerUser, 'current_level' | 'enrollment_year'>): Values => ({
  current_level: member.current_level && (LEVELS as readonly string[]).includes(member.current_level) ? member.current_level : '',
  enrollment_year: member.enrollment_year != null ? String(member.enrollment_year) : '',
});

/**
 * Member Details: a data admin picks a member and corrects their current level and enrolment year
 * (what the directory's Level and Year filters find them by). Each save is in the audit log.
 */
export function MemberDetailsTab() {
  const [member, setMember] = useState<PickerUser | null>(null);
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p className="text-sm text-slate-700">
        Members set their own level and enrolment year. Correct them here when they are wrong or out of date (a new session, a graduation); the directory shows the
        change at once.
      </p>
      <UserPickerField label="Member" value={member} onChange={setMember} pickerTitle="Choose a member" buttonText="Choose Member" />
      {/* A new form for each member, starting from their stored values. */}
      {member ? <MemberDetailsForm key={member.id} member={member} onSaved={setMember} /> : null}
      <MembersExport />
    </div>
  );
}

function MemberDetailsForm({ member, onSaved }: { member: PickerUser; onSaved: (member: PickerUser) => void }) {
  const { alertFailure } = useAdminDialogs();
  const queryClient = useQueryClient();
  // A correction saves from the version it read; a stale one shows the conflict screen (decision 054).
  const edit = useVersionedEdit<Pick<PickerUser, 'current_level' | 'enrollment_year' | 'version'>>(member);
  const initial = valuesOf(edit.base ?? member);
  const form = useZodForm<Values, { current_level?: (typeof LEVELS)[number] | null; enrollment_year?: number | null }>(levelYearChoiceSchema, { defaultValues: initial });
  const mutation = useMutation({
    mutationFn: ({ change, version }: { change: { current_level?: (typeof LEVELS)[number] | null; enrollment_year?: number | null }; version: number }) =>
      correctMemberDetails(member.id, version, change),
    onSuccess: (res) => {
      flash.success(res.message);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'picker'] });
      onSaved({ ...member, current_level: res.member.current_level, enrollment_year: res.member.enrollment_year, version: res.member.version });
    },
    onError: (error) => {
      if (edit.caught(error) || form.showRefusal(error)) return;
      void alertFailure(error, (m) => `Error saving member details: ${m}`);
    },
  });
  const reload = () => {
    const current = edit.reload();
    if (current) form.reset(valuesOf(current));
  };
  // Mine on top: both fields as the form shows them, from the saved version.
  const applyMine = form.handleSubmit((values) => {
    const version = edit.applyMine() ?? member.version;
    mutation.mutate({ change: { current_level: values.current_level ?? null, enrollment_year: values.enrollment_year ?? null }, version });
  });

  return (
    <Form
      form={form}
      aria-label={`Level and enrolment year of ${member.name || member.matric_number}`}
      onSubmit={(values) => {
        // Only what changed: a stored level the list does not offer stays unless one is chosen.
        const change: typeof values = {};
        if ((values.current_level ?? '') !== initial.current_level) change.current_level = values.current_level ?? null;
        if (String(values.enrollment_year ?? '') !== initial.enrollment_year) change.enrollment_year = values.enrollment_year ?? null;
        if (Object.keys(change).length === 0) return flash.info('Nothing to save: the level and year are unchanged.');
        mutation.mutate({ change, version: edit.version ?? member.version });
      }}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <FormEditConflict edit={edit} fields={CONFLICT_FIELDS} valuesOf={valuesOf} mine={form.getValues} onReload={reload} onApplyMine={() => void applyMine()} busy={mutation.isPending} />
      <LevelYearFields level={form.field('current_level')} year={form.field('enrollment_year')} currentYear={member.enrollment_year} />
      <FormActions label="Save Level and Year" busy={mutation.isPending} />
    </Form>
  );
}
