import type { MemberRoleFilter } from '@aesa/shared/schemas/exports';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { useBulkUpdateMemberRoles } from '../api/member-roles-bulk.ts';
import { type MemberRoleSelection, NO_SELECTION, pageState, selectedCount, togglePage } from '../lib/member-roles-selection.ts';

const numberFormat = new Intl.NumberFormat();
const roles = (n: number) => `${numberFormat.format(n)} member role${n === 1 ? '' : 's'}`;

interface BulkAction {
  label: string;
  set: { verified_by_admin?: boolean; is_current?: boolean };
  /** "{n} member roles {past}." */
  past: string;
  note?: string;
}

// The screen's own toggles, for many roles at once.
const ACTIONS: BulkAction[] = [
  { label: 'Verify', set: { verified_by_admin: true }, past: 'verified', note: 'A verified and active role can vote, from the next election that opens.' },
  { label: 'Unverify', set: { verified_by_admin: false }, past: 'unverified', note: 'These members cannot vote until verified again.' },
  { label: 'Set Active', set: { is_current: true }, past: 'set active' },
  { label: 'Set Inactive', set: { is_current: false }, past: 'set inactive', note: 'An inactive role cannot vote.' },
];

/**
 * The selection's controls above the Member Roles list: tick the page, select all matching the
 * filter across pages, and apply Verify, Unverify, Set Active or Set Inactive to the selection,
 * each confirmed with its exact count. The server applies it in one statement and one audit entry.
 */
export function MemberRolesBulkBar({
  selection,
  onSelectionChange,
  pageIds,
  total,
  filter,
}: {
  selection: MemberRoleSelection;
  onSelectionChange: (next: MemberRoleSelection) => void;
  pageIds: string[];
  total: number;
  filter: MemberRoleFilter;
}) {
  const { alertFailure } = useAdminDialogs();
  const bulk = useBulkUpdateMemberRoles();
  const [pending, setPending] = useState<BulkAction | null>(null);
  const pageBox = useRef<HTMLInputElement>(null);
  const pageBoxId = useId();
  const state = pageState(selection, pageIds);
  const count = selectedCount(selection, total);
  const filtered = !!(filter.search || filter.verified);

  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = state === 'some';
  }, [state]);

  function apply(action: BulkAction) {
    const target = selection.kind === 'all' ? { filter } : { ids: [...selection.ids] };
    bulk.mutate(
      { ...target, set: action.set },
      {
        onSuccess: ({ matched, changed }) => {
          setPending(null);
          onSelectionChange(NO_SELECTION);
          const already = matched - changed;
          flash.success(`${roles(changed)} ${action.past}${already > 0 ? ` (${numberFormat.format(already)} already ${already === 1 ? 'was' : 'were'})` : ''}.`);
        },
        onError: (error) => {
          setPending(null);
          void alertFailure(error, (m) => `Error updating member roles: ${m}`);
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-3" role="group" aria-label="Bulk actions">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label htmlFor={pageBoxId} className="flex min-h-9 items-center gap-2 text-sm font-medium text-slate-900">
          <input
            ref={pageBox}
            id={pageBoxId}
            type="checkbox"
            className="size-5 accent-brand-600"
            checked={state === 'all'}
            onChange={() => onSelectionChange(togglePage(selection, pageIds))}
          />
          Select all on this page
        </label>
        <p className="text-sm text-slate-700" aria-live="polite">
          {selection.kind === 'all' ? `All ${roles(total)}${filtered ? ' matching this filter' : ''} are selected.` : `${roles(count)} selected.`}
        </p>
        {selection.kind === 'ids' && state === 'all' && total > pageIds.length ? (
          <Button variant="ghost" size="sm" className="px-1 text-brand-700 underline" onClick={() => onSelectionChange({ kind: 'all' })}>
            Select all {numberFormat.format(total)} {filtered ? 'matching this filter' : 'member roles'}
          </Button>
        ) : null}
        {count > 0 ? (
          <Button variant="ghost" size="sm" className="px-1" onClick={() => onSelectionChange(NO_SELECTION)}>
            Clear selection
          </Button>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {ACTIONS.map((action) => (
          <Button
            key={action.label}
            size="sm"
            variant={action.label === 'Verify' ? 'primary' : 'outline'}
            disabled={count === 0 || bulk.isPending}
            onClick={() => setPending(action)}
            aria-label={`${action.label} ${roles(count)}`}
          >
            {action.label}
          </Button>
        ))}
      </div>
      {pending ? (
        <ConfirmDialog
          open
          marker="bulk-member-roles"
          title={`${pending.label} ${roles(count)}?`}
          message={
            <>
              {selection.kind === 'all'
                ? `All ${roles(count)}${filtered ? ' matching this filter' : ''} will be ${pending.past}.`
                : `The ${roles(count)} you selected will be ${pending.past}.`}
              {pending.note ? ` ${pending.note}` : ''} The change is recorded in the audit log.
            </>
          }
          confirmLabel={`${pending.label} ${numberFormat.format(count)}`}
          cancelLabel="Cancel"
          busy={bulk.isPending}
          onConfirm={() => apply(pending)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
