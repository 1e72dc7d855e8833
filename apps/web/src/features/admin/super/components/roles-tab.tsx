import type { AdminRole } from '@aesa/shared/admin';
import { useId, useState } from 'react';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { loadFailed, useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { deleteAdminRole, useAdminRoles, useSuperMutation } from '../api/admin-roles.ts';
import { ROLE_FLAGS } from '../lib/role-flags.ts';
import { RoleDescription } from './role-description.tsx';
import { RoleFormDialog } from './role-form-dialog.tsx';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { PlusIcon } from '@/components/icons/action-icons.tsx';

/** Admin Roles: a card per role with edit and delete, and Create New Role. */
export function RolesTab() {
  const roles = useAdminRoles();
  const [editing, setEditing] = useState<AdminRole | null>(null);
  const [open, setOpen] = useState(false);

  function openForm(role: AdminRole | null) {
    setEditing(role);
    setOpen(true);
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">Each admin user holds exactly one role; its permissions decide which modules they can use.</p>
        <Button onClick={() => openForm(null)}>
          <PlusIcon />
          Create New Role
        </Button>
      </div>
      {roles.isPending ? (
        <ListLoading label="Loading admin roles..." />
      ) : roles.isError ? (
        <ListError message={loadFailed('admin roles', roles.error)} onRetry={() => void roles.refetch()} retrying={roles.isFetching} />
      ) : roles.data.length === 0 ? (
        <EmptyState title="No admin roles yet.">
          <p>Create a role, then give it to a member on the Admin Users tab.</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {roles.data.map((role) => (
            <li key={role.id} className="flex">
              <RoleCard role={role} onEdit={() => openForm(role)} />
            </li>
          ))}
        </ul>
      )}
      <RoleFormDialog role={editing} open={open} onOpenChange={setOpen} />
    </div>
  );
}

function RoleCard({ role, onEdit }: { role: AdminRole; onEdit: () => void }) {
  const { alertFailure, confirmAction } = useAdminDialogs();
  const titleId = useId();
  const { date } = useDateFormat();
  const remove = useSuperMutation(() => deleteAdminRole(role.id, role.version));
  const granted = ROLE_FLAGS.filter(({ flag }) => role[flag]);

  async function onDelete() {
    if (!await confirmAction(`Are you sure you want to delete the role "${role.role_name}"? This cannot be undone.`)) return;
    remove.mutate(undefined, {
      onSuccess: () => flash.success(`Role "${role.role_name}" deleted`),
      onError: (error) => alertFailure(error, (m) => `Error deleting role: ${m}`),
    });
  }

  return (
    <article aria-labelledby={titleId} className="flex w-full min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 text-lg font-bold break-words text-navy-900">
          {role.role_name}
        </h3>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
          {role.admin_users_count} admin user{role.admin_users_count === 1 ? '' : 's'}
        </span>
      </div>
      {role.description ? <RoleDescription text={role.description} /> : null}
      <p className="sr-only">Permissions:</p>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={`Permissions of ${role.role_name}`}>
        {granted.length === 0 ? (
          <li className="text-sm text-slate-600">No permissions</li>
        ) : (
          granted.map(({ flag, label }) => (
            <li key={flag} className={flag === 'is_super_admin' ? 'rounded-full bg-navy-900 px-2.5 py-0.5 text-xs font-semibold text-white' : 'rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900'}>
              {label}
            </li>
          ))
        )}
      </ul>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
        <p className="mr-auto text-xs text-slate-600">
          Created <time dateTime={role.created_at}>{date(role.created_at)}</time>
        </p>
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${role.role_name}`}>
          Edit
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete} disabled={remove.isPending} aria-label={`Delete ${role.role_name}`}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </article>
  );
}

