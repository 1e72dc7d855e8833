import type { AdminFlags, AdminRole, AdminRoleCreateInput } from '@aesa/shared/admin';
import { adminRoleCreateSchema } from '@aesa/shared/schemas/admin';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { FormEditConflict } from '@/components/ui/edit-conflict.tsx';
import { TextAreaField, TextField } from '@/components/ui/field.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { useVersionedEdit, type ConflictField } from '@/lib/edit-conflict.ts';
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
  is_finance_admin: false,
};

/** Create New Role and Edit Role: role name required, description, the seven flags. */
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

type RoleFormValues = { role_name: string; description: string } & AdminFlags;

const valuesOf = (role: AdminRole | null): RoleFormValues => ({
  role_name: role?.role_name ?? '',
  description: role?.description ?? '',
  ...(role ? (Object.fromEntries(ROLE_FLAGS.map(({ flag }) => [flag, role[flag]])) as AdminFlags) : NO_FLAGS),
});

/** The fields the conflict screen compares. */
const CONFLICT_FIELDS: ConflictField<RoleFormValues>[] = [
  { key: 'role_name', label: 'Role name' },
  { key: 'description', label: 'Description' },
  ...ROLE_FLAGS.map(({ flag, label }) => ({ key: flag, label, show: (v: unknown) => (v ? 'On' : 'Off') })),
];

function RoleForm({ role, onDone }: { role: AdminRole | null; onDone: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const form = useZodForm<RoleFormValues, AdminRoleCreateInput>(adminRoleCreateSchema, {
    defaultValues: valuesOf(role),
  });
  const flags = form.watch(ROLE_FLAGS.map(({ flag }) => flag));
  // An edit saves from the version it read; a stale save shows the conflict screen (decision 054).
  const edit = useVersionedEdit(role);
  const save = useSuperMutation(({ input, version }: { input: AdminRoleCreateInput; version?: number }) =>
    role && version !== undefined ? updateAdminRole(role.id, version, input) : createAdminRole(input),
  );

  const send = (input: AdminRoleCreateInput, version: number | undefined) =>
    save.mutate(
      { input: { ...input, description: input.description || null }, version },
      {
        onSuccess: () => {
          flash.success(role ? `Role "${input.role_name}" updated` : `Role "${input.role_name}" created`);
          onDone();
        },
        onError: (error) => {
          if (edit.caught(error) || form.showRefusal(error)) return;
          void alertFailure(error, (m) => `${role ? 'Error updating role' : 'Error creating role'}: ${m}`);
        },
      },
    );
  const onSubmit = form.handleSubmit((input) => send(input, edit.version));
  const applyMine = form.handleSubmit((input) => send(input, edit.applyMine()));
  const reload = () => {
    const current = edit.reload();
    if (current) form.reset(valuesOf(current));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormEditConflict edit={edit} fields={CONFLICT_FIELDS} valuesOf={valuesOf} mine={form.getValues} onReload={reload} onApplyMine={() => void applyMine()} busy={save.isPending} />
      <TextField label="Role name" required maxLength={80} autoComplete="off" {...form.field('role_name')} />
      <TextAreaField label="Description" rows={2} maxLength={500} {...form.field('description')} />
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Permissions</legend>
        <div className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200">
          {ROLE_FLAGS.map(({ flag, label, description: meaning }, i) => (
            <Switch
              key={flag}
              className="px-3 py-2.5"
              controlLast
              label={label}
              description={meaning}
              checked={!!flags[i]}
              onChange={(checked) => form.setValue(flag, checked, { shouldDirty: true })}
            />
          ))}
        </div>
      </fieldset>
      <FormActions label={role ? 'Save Changes' : 'Create Role'} busy={save.isPending} onCancel={onDone} />
    </form>
  );
}
