import type { AdminUserCreateInput, AdminUserItem } from '@aesa/shared/admin';
import { adminUserCreateSchema } from '@aesa/shared/schemas/admin';
import { useState } from 'react';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { UserPickerField } from '@/components/user-picker/user-picker-field.tsx';
import { usePickedUser } from '@/components/user-picker/use-picked-user.ts';
import { loadFailed, useAdminDialogs } from '@/lib/admin-messages.ts';
import { useUser } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import { useAdminRoles, useSuperMutation } from '../api/admin-roles.ts';
import { createAdminUser, deleteAdminUser, resetAdminMfa, updateAdminUser, useAdminUsers } from '../api/admin-users.ts';
import { FormEditConflict } from '@/components/ui/edit-conflict.tsx';
import { useVersionedEdit } from '@/lib/edit-conflict.ts';
import { MFA_MSG } from '@aesa/shared/mfa';
import { SelectField } from '@/components/ui/field.tsx';
import { useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { PlusIcon } from '@/components/icons/action-icons.tsx';

/** Admin Users: the list with delete, and Add Admin User (user picker + role). */
export function AdminUsersTab() {
  const admins = useAdminUsers();
  const [adding, setAdding] = useState(false);
  const adminIds = new Set((admins.data ?? []).map((a) => a.user_id));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">Members who hold an admin role. Removing one takes away admin access only; the member account stays.</p>
        <Button onClick={() => setAdding(true)}>
          <PlusIcon />
          Add Admin User
        </Button>
      </div>
      {admins.isPending ? (
        <ListLoading label="Loading admin users..." />
      ) : admins.isError ? (
        <ListError message={loadFailed('admin users', admins.error)} onRetry={() => void admins.refetch()} retrying={admins.isFetching} />
      ) : admins.data.length === 0 ? (
        <EmptyState title="No admin users yet." />
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Admin users">
          {admins.data.map((admin) => (
            <AdminUserRow key={admin.id} admin={admin} />
          ))}
        </ul>
      )}
      <AddAdminUserDialog open={adding} onOpenChange={setAdding} adminIds={adminIds} />
    </div>
  );
}

function AdminUserRow({ admin }: { admin: AdminUserItem }) {
  const { alertFailure, confirmAction } = useAdminDialogs();
  const me = useUser();
  const { date } = useDateFormat();
  const remove = useSuperMutation(() => deleteAdminUser(admin.id, admin.version));
  const resetMfa = useSuperMutation(() => resetAdminMfa(admin.id));
  const name = admin.users?.name || 'Unnamed member';
  const isMe = admin.user_id === me?.id;
  const [changingRole, setChangingRole] = useState(false);

  async function onResetMfa() {
    if (!(await confirmAction(MFA_MSG.resetConfirm(name)))) return;
    resetMfa.mutate(undefined, {
      onSuccess: (res) => flash.success(res.message),
      onError: (error) => alertFailure(error, (m) => `Error resetting two-factor authentication: ${m}`),
    });
  }

  async function onDelete() {
    const self = isMe ? ' This is your own admin access.' : '';
    if (!await confirmAction(`Are you sure you want to remove ${name} as an admin?${self} Their member account stays.`)) return;
    remove.mutate(undefined, {
      onSuccess: () => flash.success(`${name} is no longer an admin`),
      onError: (error) => alertFailure(error, (m) => `Error deleting admin user: ${m}`),
    });
  }

  if (changingRole) return <RoleForm admin={admin} name={name} onDone={() => setChangingRole(false)} />;

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar name={name} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">
            {name}
            {isMe ? <span className="ml-2 text-xs font-medium text-slate-600">(you)</span> : null}
          </p>
          <p className="truncate text-sm text-slate-600">
            {admin.users?.email} · {admin.users?.matric_number}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <span className={admin.admin_roles?.is_super_admin ? 'rounded-full bg-navy-900 px-2.5 py-0.5 text-xs font-semibold text-white' : 'rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900'}>
          {admin.admin_roles?.role_name ?? 'Unknown role'}
        </span>
        <span className="text-xs text-slate-600">
          since <time dateTime={admin.created_at}>{date(admin.created_at)}</time>
        </span>
        {admin.mfa_enabled ? (
          <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-900 ring-1 ring-green-200">2FA on</span>
        ) : null}
        {/* One's own is reset by another super admin or on the server (npm run create-admin), not here. */}
        {admin.mfa_enabled && !isMe ? (
          <Button size="sm" variant="outline" onClick={onResetMfa} disabled={resetMfa.isPending} aria-label={`Reset two-factor authentication of ${name}`}>
            {resetMfa.isPending ? 'Resetting...' : 'Reset 2FA'}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={() => setChangingRole(true)} aria-label={`Change role of ${name}`}>
          Change Role
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete} disabled={remove.isPending} aria-label={`Delete admin user ${name}`}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </li>
  );
}

const roleFormSchema = adminUserCreateSchema.pick({ admin_role_id: true });

/** Change Role: the admin's one role, saved from the version it was read at (a stale save shows the conflict screen). */
function RoleForm({ admin, name, onDone }: { admin: AdminUserItem; name: string; onDone: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const roles = useAdminRoles();
  const form = useZodForm<{ admin_role_id: string }, { admin_role_id: string }>(roleFormSchema, { defaultValues: { admin_role_id: admin.admin_role_id } });
  const edit = useVersionedEdit(admin);
  const save = useSuperMutation(({ admin_role_id, version }: { admin_role_id: string; version: number }) => updateAdminUser(admin.id, version, { admin_role_id }));
  const roleName = (id: string) => roles.data?.find((r) => r.id === id)?.role_name ?? 'the role';

  const send = (admin_role_id: string, version: number) =>
    save.mutate(
      { admin_role_id, version },
      {
        onSuccess: () => {
          flash.success(`${name} now holds ${roleName(admin_role_id)}`);
          onDone();
        },
        onError: (e) => {
          if (edit.caught(e)) return;
          void alertFailure(e, (m) => `Error changing the role: ${m}`);
        },
      },
    );
  const onSubmit = form.handleSubmit(({ admin_role_id }) => send(admin_role_id, edit.version ?? admin.version));
  const applyMine = form.handleSubmit(({ admin_role_id }) => send(admin_role_id, edit.applyMine() ?? admin.version));
  const reload = () => {
    const current = edit.reload();
    if (current) form.reset({ admin_role_id: current.admin_role_id });
  };
  const roleOf = (record: AdminUserItem) => ({ admin_role_id: record.admin_roles?.role_name ?? '' });

  return (
    <li className="p-4">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label={`Change role of ${name}`}>
        <FormEditConflict edit={edit} fields={[{ key: 'admin_role_id', label: 'Admin role' }]} valuesOf={roleOf} mine={() => ({ admin_role_id: roleName(form.getValues().admin_role_id) })} onReload={reload} onApplyMine={() => void applyMine()} busy={save.isPending} />
        {roles.isError ? (
          <ListError message={loadFailed('admin roles', roles.error)} onRetry={() => void roles.refetch()} retrying={roles.isFetching} />
        ) : (
          <SelectField label={`Admin role of ${name}`} disabled={roles.isPending} required {...form.field('admin_role_id')}>
            {(roles.data ?? []).map((role) => (
              <option key={role.id} value={role.id}>
                {role.role_name}
              </option>
            ))}
          </SelectField>
        )}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" type="submit" disabled={save.isPending || roles.isPending}>
            {save.isPending ? 'Saving...' : 'Save Role'}
          </Button>
          <Button size="sm" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </li>
  );
}

function AddAdminUserDialog({ open, onOpenChange, adminIds }: { open: boolean; onOpenChange: (open: boolean) => void; adminIds: Set<string> }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add Admin User" description="Choose a member and the admin role they will hold.">
        {open ? <AddAdminUserForm adminIds={adminIds} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddAdminUserForm({ adminIds, onDone }: { adminIds: Set<string>; onDone: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const roles = useAdminRoles();
  const form = useZodForm<{ user_id: string; admin_role_id: string }, AdminUserCreateInput>(adminUserCreateSchema, {
    defaultValues: { user_id: '', admin_role_id: '' },
  });
  const { user, pick } = usePickedUser(form);
  const create = useSuperMutation(createAdminUser);

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => {
        const roleName = roles.data?.find((r) => r.id === input.admin_role_id)?.role_name ?? 'the role';
        flash.success(`${user?.name || 'The member'} is now an admin (${roleName})`);
        onDone();
      },
      onError: (error) => {
        if (!form.showRefusal(error)) void alertFailure(error, (m) => `Error creating admin user: ${m}`);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <UserPickerField
        label="User"
        value={user}
        onChange={pick}
        error={form.errorOf('user_id')}
        pickerTitle="Select User"
        unavailableReason={(u) => (adminIds.has(u.id) ? 'Already an admin' : null)}
      />
      {roles.isError ? (
        <ListError message={loadFailed('admin roles', roles.error)} onRetry={() => void roles.refetch()} retrying={roles.isFetching} />
      ) : (
        <SelectField label="Admin role" disabled={roles.isPending} required {...form.field('admin_role_id')}>
          <option value="">{roles.isPending ? 'Loading roles...' : 'Select a role'}</option>
          {(roles.data ?? []).map((role) => (
            <option key={role.id} value={role.id}>
              {role.role_name}
            </option>
          ))}
        </SelectField>
      )}
      <FormActions label="Add Admin User" busy={create.isPending} busyLabel="Adding..." onCancel={onDone} />
    </form>
  );
}
