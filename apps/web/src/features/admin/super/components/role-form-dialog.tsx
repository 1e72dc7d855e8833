import type { AdminFlags, AdminRole } from '@aesa/shared/admin';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { TextAreaField, TextField } from '@/components/ui/field.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { createAdminRole, updateAdminRole, useSuperMutation } from '../api/admin-roles.ts';
import { ROLE_FLAGS } from '../lib/role-flags.ts';

const NO_FLAGS: AdminFlags = {
  is_super_admin: false,
  is_editorial_admin: false,
  is_data_admin: false,
  is_electoral_admin: false,
  is_event_admin: false,
  is_email_admin: false,
};

/** Create New Role and Edit Role (spec 02 §2.5, §5): role name required, description, the six flags. */
export function RoleFormDialog({ role, open, onOpenChange }: { role: AdminRole | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={role ? 'Edit Role' : 'Create New Role'}
        description={role ? `Change the name, description or permissions of ${role.role_name}.` : 'Name the role and choose what its holders may manage.'}
      >
        {open ? <RoleForm key={role?.id ?? 'new'} role={role} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RoleForm({ role, onDone }: { role: AdminRole | null; onDone: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const [name, setName] = useState(role?.role_name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [flags, setFlags] = useState<AdminFlags>(() => (role ? Object.fromEntries(ROLE_FLAGS.map(({ flag }) => [flag, role[flag]])) as AdminFlags : NO_FLAGS));
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useSuperMutation((input: { role_name: string; description: string | null } & AdminFlags) =>
    role ? updateAdminRole(role.id, input) : createAdminRole(input),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const roleName = name.trim();
    if (!roleName) return setNameError(ADMIN_MSG.roleNameRequired);
    setNameError(null);
    save.mutate(
      { role_name: roleName, description: description.trim() || null, ...flags },
      {
        onSuccess: () => {
          flash.success(role ? `Role "${roleName}" updated` : `Role "${roleName}" created`);
          onDone();
        },
        onError: (error) => alertFailure(error, (m) => `${role ? 'Error updating role' : 'Error creating role'}: ${m}`),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Role name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (nameError && e.target.value.trim()) setNameError(null);
        }}
        error={nameError}
        required
        maxLength={80}
        autoComplete="off"
      />
      <TextAreaField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} rows={2} maxLength={500} />
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Permissions</legend>
        <div className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200">
          {ROLE_FLAGS.map(({ flag, label, description: meaning }) => (
            <Switch
              key={flag}
              className="px-3 py-2.5"
              controlLast
              label={label}
              description={meaning}
              checked={flags[flag]}
              onChange={(checked) => setFlags((f) => ({ ...f, [flag]: checked }))}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : role ? 'Save Changes' : 'Create Role'}
        </Button>
      </div>
    </form>
  );
}
