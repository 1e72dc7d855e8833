import type { MemberRole } from '@aesa/shared/elections';
import { useId, useState } from 'react';
import { ExportCsvButton } from '@/components/admin/export-csv-button.tsx';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { SelectField, TextField } from '@/components/ui/field.tsx';
import { loadFailed, useAdminDialogs } from '@/lib/admin-messages.ts';
import { cn } from '@/lib/cn.ts';
import { flash } from '@/lib/flash.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { type MemberRoleChange, type MemberRoleQuery, useMemberRoles, useUpdateMemberRole } from '../api/member-roles.ts';
import { isSelected, type MemberRoleSelection, NO_SELECTION, toggleOne } from '../lib/member-roles-selection.ts';
import { MemberRolesBulkBar } from './member-roles-bulk-bar.tsx';

export const MEMBER_ROLES_PAGE = 25;
const numberFormat = new Intl.NumberFormat();

/**
 * Member Roles: search and page through every member's roles; Verify/Unverify
 * and Set Active/Set Inactive flip independently. A member may vote only while one of their roles
 * is both verified and active (the server checks it on every vote).
 */
export function MemberRolesTab() {
  const [search, setSearch] = useState('');
  const [verified, setVerified] = useState<MemberRoleQuery['verified']>('');
  const [offset, setOffset] = useState(0);
  const [selection, setSelection] = useState<MemberRoleSelection>(NO_SELECTION);
  const debounced = useDebouncedValue(search);
  // The filter the list shows is the one a bulk action and the export apply.
  const filter = { ...(debounced.trim() ? { search: debounced.trim() } : {}), ...(verified ? { verified } : {}) };
  const [selectionFilter, setSelectionFilter] = useState(JSON.stringify(filter));
  if (selectionFilter !== JSON.stringify(filter)) {
    // A new filter is a new list: what was selected in the old one is not kept.
    setSelectionFilter(JSON.stringify(filter));
    setSelection(NO_SELECTION);
  }
  const query: MemberRoleQuery = { search: debounced, verified, limit: MEMBER_ROLES_PAGE, offset };
  const roles = useMemberRoles(query);

  const total = roles.data?.total ?? 0;
  const list = roles.data?.roles ?? [];
  const page = Math.floor(offset / MEMBER_ROLES_PAGE) + 1;
  const pages = Math.max(1, Math.ceil(total / MEMBER_ROLES_PAGE));
  const pageIds = list.map((r) => r.id);

  return (
    <div className="flex flex-col gap-4">
      <EligibilityNote />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          label="Search member roles"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setOffset(0);
          }}
          placeholder="Name, matric number or role"
          autoComplete="off"
        />
        <SelectField
          label="Show"
          value={verified}
          onChange={(e) => {
            setVerified(e.target.value as MemberRoleQuery['verified']);
            setOffset(0);
          }}
        >
          <option value="">All roles</option>
          <option value="false">Not verified</option>
          <option value="true">Verified</option>
        </SelectField>
      </div>
      <div className="flex justify-end">
        <ExportCsvButton name="member-roles" query={filter} accessibleLabel="Export CSV of the member roles matching this filter" />
      </div>

      {roles.isPending ? (
        <ListLoading label="Loading member roles..." />
      ) : roles.isError ? (
        <ListError message={loadFailed('member roles', roles.error)} onRetry={() => void roles.refetch()} retrying={roles.isFetching} />
      ) : list.length === 0 ? (
        <EmptyState title={debounced || verified ? 'No member roles match.' : 'No member roles yet.'}>
          {debounced || verified ? <p>Try another search or show all roles.</p> : <p>Members get a role when they join.</p>}
        </EmptyState>
      ) : (
        <>
          <MemberRolesBulkBar selection={selection} onSelectionChange={setSelection} pageIds={pageIds} total={total} filter={filter} />
          <p role="status" className="text-sm text-slate-700">
            Showing {numberFormat.format(offset + 1)}–{numberFormat.format(offset + list.length)} of {numberFormat.format(total)} member roles
            {roles.isFetching ? ' (updating...)' : ''}
          </p>
          <ul aria-label="Member roles" aria-busy={roles.isFetching} className={cn('flex flex-col gap-3', roles.isPlaceholderData && 'opacity-60')}>
            {list.map((role) => (
              <MemberRoleRow key={role.id} role={role} selected={isSelected(selection, role.id)} onToggle={() => setSelection(toggleOne(selection, role.id, pageIds))} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Member roles pages" className="flex flex-wrap items-center justify-between gap-3">
              <Button variant="outline" disabled={offset === 0 || roles.isFetching} onClick={() => setOffset(Math.max(0, offset - MEMBER_ROLES_PAGE))}>
                Previous
              </Button>
              <span className="text-sm text-slate-700">
                Page {page} of {numberFormat.format(pages)}
              </span>
              <Button variant="outline" disabled={page >= pages || roles.isFetching} onClick={() => setOffset(offset + MEMBER_ROLES_PAGE)}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

function EligibilityNote() {
  return (
    <div className="flex gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950">
      <svg viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M9 12l2 2 4-4" />
        <path d="M12 3l7 4v5c0 4.5-3 8-7 9-4-1-7-4.5-7-9V7l7-4z" />
      </svg>
      <div className="text-sm">
        <p className="font-semibold">Verification decides who can vote.</p>
        <p className="mt-0.5">
          A member can vote in elections only while one of their roles is both <strong>Verified</strong> and <strong>Active</strong>. Verify a member once
          you have checked they belong to the association; set a role inactive when it ends. Changes count from the member's next vote.
        </p>
      </div>
    </div>
  );
}

function Badge({ on, onText, offText, tone }: { on: boolean; onText: string; offText: string; tone: 'green' | 'sky' }) {
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-0.5 text-xs font-semibold',
        on ? (tone === 'green' ? 'bg-green-100 text-green-900' : 'bg-sky-100 text-sky-900') : 'bg-slate-200 text-slate-800',
      )}
    >
      {on ? onText : offText}
    </span>
  );
}

function MemberRoleRow({ role, selected, onToggle }: { role: MemberRole; selected: boolean; onToggle: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const titleId = useId();
  const update = useUpdateMemberRole();
  const name = role.users?.name || 'Unnamed member';
  const canVote = role.verified_by_admin && role.is_current;

  function change(patch: MemberRoleChange, done: string) {
    update.mutate(
      { id: role.id, version: role.version, change: patch },
      {
        onSuccess: () => flash.success(`${name}: ${done}`),
        onError: (error) => alertFailure(error, (m) => `Error updating member role: ${m}`),
      },
    );
  }

  const details = [role.role_type, role.associated_position, role.associated_year_range].filter(Boolean).join(' · ');
  return (
    <li className={cn('flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm md:flex-row md:items-center', selected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200')}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-600"
          checked={selected}
          onChange={onToggle}
          aria-label={`Select ${name} (${role.role_name})`}
        />
        <div className="min-w-0 flex-1">
          <p id={titleId} className="font-semibold break-words text-slate-900">
            {name} <span className="font-normal text-slate-600">({role.users?.matric_number})</span>
          </p>
          <p className="text-sm break-words text-slate-700">
            <span className="font-medium">{role.role_name}</span>
            {details ? ` · ${details}` : ''}
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <Badge on={role.verified_by_admin} onText="Verified" offText="Not verified" tone="green" />
            <Badge on={role.is_current} onText="Active" offText="Inactive" tone="sky" />
            {canVote ? <span className="rounded-full bg-green-700 px-2.5 py-0.5 text-xs font-semibold text-white">Eligible to vote</span> : null}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        <Button
          size="sm"
          variant={role.verified_by_admin ? 'outline' : 'primary'}
          disabled={update.isPending}
          onClick={() => change({ verified_by_admin: !role.verified_by_admin }, role.verified_by_admin ? 'unverified' : 'verified')}
          aria-label={`${role.verified_by_admin ? 'Unverify' : 'Verify'} ${name} (${role.role_name})`}
        >
          {role.verified_by_admin ? 'Unverify' : 'Verify'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() => change({ is_current: !role.is_current }, role.is_current ? 'set inactive' : 'set active')}
          aria-label={`${role.is_current ? 'Set Inactive' : 'Set Active'}: ${name} (${role.role_name})`}
        >
          {role.is_current ? 'Set Inactive' : 'Set Active'}
        </Button>
      </div>
    </li>
  );
}
