import type { CommunicationsMember } from '@aesa/shared/admin';
import { useEffect, useId, useRef, useState } from 'react';
import { ListError } from '@/components/ui/list-states.tsx';
import { LevelFilter } from '@/components/level-filter.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { SpinnerIcon } from '@/components/ui/spinner.tsx';
import { SelectedUsersPreview } from '@/components/user-picker/selected-users-preview.tsx';
import { loadFailed } from '@/lib/admin-messages.ts';
import { cn } from '@/lib/cn.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useMailMembers } from '../api/communications.ts';

const numberFormat = new Intl.NumberFormat();

/**
 * The member picker table of the communications screen: search, level filter,
 * a 384px-high scrolling table whose rows are ticked. Only members with a confirmed address are
 * listed (the server's rule), so everyone ticked can be mailed.
 */
export function MemberPickerTable({
  selected,
  onChange,
}: {
  selected: readonly CommunicationsMember[];
  onChange: (members: CommunicationsMember[]) => void;
}) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [level, setLevel] = useState('');
  const filters = { search: useDebouncedValue(search), level };
  const members = useMailMembers(filters);
  const rows = members.data?.pages.flatMap((p) => p.members) ?? [];
  const total = members.data?.pages[0]?.total ?? 0;
  const selectedIds = new Set(selected.map((m) => m.id));
  const allShownSelected = rows.length > 0 && rows.every((m) => selectedIds.has(m.id));
  const someShownSelected = rows.some((m) => selectedIds.has(m.id));

  const headerBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (headerBox.current) headerBox.current.indeterminate = someShownSelected && !allShownSelected;
  }, [someShownSelected, allShownSelected]);

  function toggle(member: CommunicationsMember) {
    onChange(selectedIds.has(member.id) ? selected.filter((m) => m.id !== member.id) : [...selected, member]);
  }

  function toggleShown() {
    if (allShownSelected) onChange(selected.filter((m) => !rows.some((r) => r.id === m.id)));
    else onChange([...selected, ...rows.filter((r) => !selectedIds.has(r.id))]);
  }

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField label="Search members" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name, e-mail or matric number" autoComplete="off" />
        <LevelFilter value={level} onChange={setLevel} />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p id={`${ids}-status`} role="status" className="flex items-center gap-2 text-slate-700">
          {members.isFetching ? <SpinnerIcon className="size-4" /> : null}
          {members.isPending ? 'Loading members...' : members.isError ? '' : `Showing ${numberFormat.format(rows.length)} of ${numberFormat.format(total)} members`}
        </p>
        <p className="font-semibold text-slate-900" aria-live="polite">
          {selected.length} member{selected.length === 1 ? '' : 's'} selected
        </p>
      </div>

      {members.isError ? (
        <ListError message={loadFailed('members', members.error)} onRetry={() => void members.refetch()} retrying={members.isFetching} />
      ) : (
        // The list height is 384px; the table scrolls inside it.
        <div className="h-96 overflow-auto rounded-xl border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Members to choose from">
          <table className="w-full table-fixed border-collapse text-left text-sm">
            <caption className="sr-only">Members with a confirmed e-mail address. Tick the ones who should receive the email.</caption>
            <thead className="sticky top-0 z-10 bg-slate-100 text-slate-800">
              <tr>
                <th scope="col" className="w-12 px-3 py-2">
                  <input
                    ref={headerBox}
                    type="checkbox"
                    className="size-5 accent-brand-600"
                    checked={allShownSelected}
                    onChange={toggleShown}
                    disabled={rows.length === 0}
                    aria-label={allShownSelected ? 'Unselect all shown members' : 'Select all shown members'}
                  />
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  Member
                </th>
                <th scope="col" className="hidden w-28 px-2 py-2 font-semibold sm:table-cell">
                  Level
                </th>
                <th scope="col" className="hidden w-40 px-2 py-2 font-semibold md:table-cell">
                  Role
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((member) => {
                const checked = selectedIds.has(member.id);
                const boxId = `${ids}-m-${member.id}`;
                return (
                  <tr key={member.id} className={cn('hover:bg-sky-50', checked && 'bg-sky-50')}>
                    <td className="px-3 py-2 align-middle">
                      <input id={boxId} type="checkbox" className="size-5 accent-brand-600" checked={checked} onChange={() => toggle(member)} />
                    </td>
                    <td className="px-2 py-2">
                      <label htmlFor={boxId} className="flex min-w-0 cursor-pointer items-center gap-2">
                        <Avatar name={member.name} src={member.profile_image_url} className="size-8" />
                        <span className="min-w-0">
                          <span className="block truncate font-semibold text-slate-900">{member.name || 'Unnamed member'}</span>
                          <span className="block truncate text-xs text-slate-600">{member.email}</span>
                          <span className="block truncate text-xs text-slate-600 sm:hidden">{[member.current_level, member.aesa_role].filter(Boolean).join(' · ')}</span>
                        </span>
                      </label>
                    </td>
                    <td className="hidden px-2 py-2 text-slate-700 sm:table-cell">{member.current_level ?? '—'}</td>
                    <td className="hidden truncate px-2 py-2 text-slate-700 md:table-cell">{member.aesa_role ?? '—'}</td>
                  </tr>
                );
              })}
              {!members.isPending && rows.length === 0 ? (
                <tr>
                  <td colSpan={4} className="px-3 py-8 text-center text-slate-700">
                    No members match your search.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
          {members.hasNextPage ? (
            <div className="flex justify-center p-3">
              <Button variant="outline" size="sm" onClick={() => void members.fetchNextPage()} disabled={members.isFetchingNextPage}>
                {members.isFetchingNextPage ? 'Loading...' : 'Load more members'}
              </Button>
            </div>
          ) : null}
        </div>
      )}

      {selected.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <SelectedUsersPreview users={selected} label="Chosen members" />
          <Button variant="ghost" size="sm" onClick={() => onChange([])}>
            Clear selection
          </Button>
        </div>
      ) : null}
    </div>
  );
}
