import type { PickerUser } from '@aesa/shared/admin';
import { SKILLS } from '@aesa/shared/constants';
import { useId, useState } from 'react';
import { LevelFilter } from '@/components/level-filter.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { SpinnerIcon } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { usePickerUsers } from './api.ts';
import { SelectedUsersPreview } from './selected-users-preview.tsx';
import { PICKER_MSG, confirmProblem, countText, pickedUserProblem, toggleSelection } from './selection.ts';

// The reusable user picker modal: a search box with level and skill filters, and
// either instant mode (one click picks the user and closes) or confirm mode (several users, a
// running count and Confirm Selection). Any admin module may use it.

interface CommonProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  description?: string;
  /** A reason a listed user cannot be picked here (e.g. 'Already an admin'), or null. */
  unavailableReason?: (user: PickerUser) => string | null;
}

export interface InstantPickerProps extends CommonProps {
  mode: 'instant';
  /** Called with the clicked user; the modal closes unless it throws. */
  onSelect: (user: PickerUser) => void | Promise<void>;
}

export interface ConfirmPickerProps extends CommonProps {
  mode: 'confirm';
  /** Called with the selection on Confirm Selection; the modal closes unless it throws. */
  onConfirm: (users: PickerUser[]) => void | Promise<void>;
  /** The most users one selection may hold: 'Maximum {n} selections allowed'. */
  max?: number;
  /** What is already chosen, when the picker is opened again to change it. */
  initialSelected?: readonly PickerUser[];
}

export type UserPickerProps = InstantPickerProps | ConfirmPickerProps;

export function UserPickerDialog(props: UserPickerProps) {
  const { open, onOpenChange, mode } = props;
  const title = props.title ?? (mode === 'instant' ? 'Select User' : 'Select Users');
  const description =
    props.description ??
    (mode === 'instant' ? 'Search, then choose a member.' : 'Search, tick the members you want, then confirm your selection.');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} className="sm:max-w-2xl">
        {/* Mounted only while open: every opening starts from a clean search. */}
        {open ? <PickerBody {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PickerBody(props: UserPickerProps) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [level, setLevel] = useState('');
  const [skill, setSkill] = useState('');
  const [selected, setSelected] = useState<PickerUser[]>(() => (props.mode === 'confirm' ? [...(props.initialSelected ?? [])] : []));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const filters = { search: useDebouncedValue(search), level, skill: useDebouncedValue(skill) };
  const users = usePickerUsers(filters);
  const max = props.mode === 'confirm' ? props.max : undefined;

  async function pick(user: PickerUser) {
    if (props.mode !== 'instant') return;
    const invalid = pickedUserProblem(user);
    if (invalid) return setProblem(invalid);
    await finish(() => props.onSelect(user));
  }

  /** Hands the choice over, and closes once the caller is done with it. */
  async function finish(handOver: () => void | Promise<void>) {
    setBusy(true);
    try {
      await handOver();
      props.onOpenChange(false);
    } catch {
      setProblem(PICKER_MSG.processingFailed);
    } finally {
      setBusy(false);
    }
  }

  function toggle(user: PickerUser) {
    const result = toggleSelection(selected, user, max);
    setSelected(result.selected);
    setProblem(result.problem);
  }

  async function confirmSelection() {
    if (props.mode !== 'confirm') return;
    const refused = confirmProblem(selected, max);
    if (refused) return setProblem(refused);
    await finish(() => props.onConfirm(selected));
  }

  const list = users.data ?? [];
  const statusId = `${ids}-status`;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <TextField
          label="Search users"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Name, e-mail or matric number"
          hint="Digits only search the matric number."
          autoComplete="off"
        />
        <LevelFilter value={level} onChange={setLevel} />
        <div>
          <TextField label="Skill" value={skill} onChange={(e) => setSkill(e.target.value)} list={`${ids}-skills`} placeholder="Any skill" autoComplete="off" />
          <datalist id={`${ids}-skills`}>
            {SKILLS.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </div>
      </div>

      <p id={statusId} role="status" className="flex items-center gap-2 text-sm text-slate-700">
        {users.isFetching ? <SpinnerIcon className="size-4" /> : null}
        {users.isPending ? 'Loading users...' : users.isError ? '' : list.length === 0 ? 'No users match your search.' : `${list.length} user${list.length === 1 ? '' : 's'} found${list.length >= 50 ? ' (refine the search to see others)' : ''}`}
      </p>

      {users.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-medium">{PICKER_MSG.loadFailed}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void users.refetch()} disabled={users.isFetching}>
            Try Again
          </Button>
        </div>
      ) : list.length > 0 ? (
        <ul aria-label="Users" aria-busy={users.isFetching} className="max-h-80 min-h-0 divide-y divide-slate-200 overflow-y-auto rounded-xl border border-slate-200">
          {list.map((user) =>
            props.mode === 'instant' ? (
              <InstantRow key={user.id} user={user} unavailable={props.unavailableReason?.(user) ?? null} disabled={busy} onPick={() => void pick(user)} />
            ) : (
              <ConfirmRow
                key={user.id}
                user={user}
                unavailable={props.unavailableReason?.(user) ?? null}
                checked={selected.some((u) => u.id === user.id)}
                onToggle={() => toggle(user)}
              />
            ),
          )}
        </ul>
      ) : null}

      {problem ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}

      {props.mode === 'confirm' ? (
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="text-sm font-semibold text-slate-900" aria-live="polite">
              {countText(selected.length, max)}
            </p>
            {selected.length > 0 ? (
              <Button variant="ghost" size="sm" onClick={() => (setSelected([]), setProblem(null))}>
                Clear selection
              </Button>
            ) : null}
          </div>
          <SelectedUsersPreview users={selected} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => props.onOpenChange(false)}>
              Cancel
            </Button>
            <Button onClick={() => void confirmSelection()} disabled={busy}>
              Confirm Selection{selected.length > 0 ? ` (${selected.length})` : ''}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex justify-end border-t border-slate-200 pt-4">
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
        </div>
      )}
    </div>
  );
}

function UserSummary({ user, unavailable }: { user: PickerUser; unavailable: string | null }) {
  const skills = user.user_skills?.map((s) => s.skill_name).filter(Boolean) ?? [];
  return (
    <>
      <Avatar name={user.name} src={user.profile_image_url} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold text-slate-900">{user.name || 'Unnamed member'}</span>
        <span className="truncate text-xs text-slate-600">
          {[user.matric_number, user.email].filter(Boolean).join(' · ')}
        </span>
        <span className="truncate text-xs text-slate-600">
          {[user.current_level, skills.slice(0, 3).join(', ')].filter(Boolean).join(' · ') || 'No level or skills given'}
        </span>
        {unavailable ? <span className="text-xs font-semibold text-amber-800">{unavailable}</span> : null}
      </span>
    </>
  );
}

function InstantRow({ user, unavailable, disabled, onPick }: { user: PickerUser; unavailable: string | null; disabled: boolean; onPick: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onPick}
        disabled={disabled || !!unavailable}
        className="flex w-full min-w-0 items-center gap-3 px-3 py-2.5 text-left hover:bg-sky-50 focus-visible:bg-sky-50 disabled:cursor-not-allowed disabled:bg-slate-50"
      >
        <UserSummary user={user} unavailable={unavailable} />
        {unavailable ? null : (
          <span aria-hidden="true" className="hidden shrink-0 text-sm font-semibold text-brand-700 sm:inline">
            Select
          </span>
        )}
      </button>
    </li>
  );
}

function ConfirmRow({ user, unavailable, checked, onToggle }: { user: PickerUser; unavailable: string | null; checked: boolean; onToggle: () => void }) {
  return (
    <li>
      <label className={cn('flex w-full min-w-0 cursor-pointer items-center gap-3 px-3 py-2.5 hover:bg-sky-50', checked && 'bg-sky-50', unavailable && 'cursor-not-allowed bg-slate-50')}>
        <input
          type="checkbox"
          checked={checked}
          onChange={onToggle}
          disabled={!!unavailable && !checked}
          className="size-5 shrink-0 accent-brand-600"
        />
        <UserSummary user={user} unavailable={unavailable} />
      </label>
    </li>
  );
}
