import type { PickerUser } from '@aesa/shared/admin';
import { useEffect, useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/admin-messages.ts';
import { useMemberSearch } from '../api/elections-api.ts';
import { personLabel } from '../lib/person-label.ts';

/**
 * Picks one member for a candidacy: a search box (name or matric number: e-mail addresses are
 * only for admins who send mail or manage members) and the matches as radio buttons. Stands in
 * for the shared user picker until that one is merged.
 */
export function MemberSearchSelect({
  value,
  onChange,
  error,
}: {
  value: PickerUser | null;
  onChange: (user: PickerUser | null) => void;
  error?: string | null;
}) {
  const groupName = useId();
  const errorId = `${groupName}-error`;
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useMemberSearch(search);

  const users = results.data?.users ?? [];
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-300 p-3" aria-describedby={error ? errorId : undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-800">Member</legend>
      <TextField
        label="Search members"
        type="search"
        placeholder="Name or matric number"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
      <p className="mt-2 text-sm text-slate-700" aria-live="polite">
        {value ? (
          <>
            Selected: <span className="font-semibold break-all text-slate-900">{personLabel(value)}</span> ({value.matric_number})
          </>
        ) : (
          'No member selected yet.'
        )}
      </p>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-3">
        {results.isPending ? (
          <Spinner label="Searching members" />
        ) : results.isError ? (
          <p className="text-sm text-red-700">Failed to load users: {errorMessage(results.error)}</p>
        ) : users.length === 0 ? (
          <p className="text-sm text-slate-600">No member matches this search.</p>
        ) : (
          <ul className="max-h-60 space-y-1 overflow-y-auto pr-1">
            {users.map((user) => (
              <li key={user.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-lg p-2 hover:bg-slate-50 has-[:checked]:bg-sky-50">
                  <input
                    type="radio"
                    name={groupName}
                    className="size-4 accent-brand-600"
                    checked={value?.id === user.id}
                    onChange={() => onChange(user)}
                  />
                  <Avatar name={user.name} src={user.profile_image_url} className="size-8" />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{personLabel(user)}</span>
                    <span className="block truncate text-xs text-slate-600">
                      {user.matric_number}
                      {user.current_level ? ` · ${user.current_level}` : ''}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
