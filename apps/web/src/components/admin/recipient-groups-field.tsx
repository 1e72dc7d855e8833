// The recipient groups of a bulk e-mail as ticked boxes: the super admin's Bulk Email
// offers member, student, alumni and all; the communications screen student, member, admin and all.

export type RecipientGroup = 'member' | 'student' | 'alumni' | 'admin' | 'all';

const GROUP_TEXT: Record<RecipientGroup, { label: string; hint: string }> = {
  member: { label: 'Members', hint: 'Members and executives' },
  student: { label: 'Students', hint: 'Student accounts' },
  alumni: { label: 'Alumni', hint: 'Alumni accounts' },
  admin: { label: 'Admins', hint: 'Everyone holding an admin role' },
  all: { label: 'All users', hint: 'Everyone with a confirmed account' },
};

export function RecipientGroupsField<G extends RecipientGroup>({
  groups,
  chosen,
  onChange,
  legend = 'Recipient roles',
}: {
  groups: readonly G[];
  chosen: readonly G[];
  onChange: (chosen: G[]) => void;
  legend?: string;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {groups.map((group) => (
          <label key={group} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-sky-50">
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
              checked={chosen.includes(group)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, group] : chosen.filter((g) => g !== group))}
            />
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-slate-900">{GROUP_TEXT[group].label}</span>
              <span className="block text-xs text-slate-600">{GROUP_TEXT[group].hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
