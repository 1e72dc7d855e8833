import type { PickerUser } from '@aesa/shared/admin';
import { useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { UserPickerDialog, type InstantPickerProps } from './user-picker-dialog.tsx';

/**
 * A form field holding one member, chosen with the picker in instant mode: the chosen member's
 * card with Change, or a Choose User button. The error shows under it, announced with it.
 */
export function UserPickerField({
  label,
  value,
  onChange,
  error,
  pickerTitle,
  unavailableReason,
  buttonText = 'Choose User',
}: {
  label: string;
  value: PickerUser | null;
  onChange: (user: PickerUser | null) => void;
  error?: string | null;
  pickerTitle?: string;
  unavailableReason?: InstantPickerProps['unavailableReason'];
  buttonText?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} className="min-w-0">
      <p id={`${id}-label`} className="mb-1 text-sm font-semibold text-slate-800">
        {label}
      </p>
      {value ? (
        <div className="flex min-w-0 items-center gap-3 rounded-lg border border-slate-300 bg-white p-2.5">
          <Avatar name={value.name} src={value.profile_image_url} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{value.name || 'Unnamed member'}</p>
            <p className="truncate text-xs text-slate-600">
              {[value.matric_number, value.email].filter(Boolean).join(' · ')}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Change ${label.toLowerCase()}`}>
            Change
          </Button>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setOpen(true)} className={error ? 'border-red-700' : undefined}>
          <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="11" cy="11" r="7" />
            <path d="M20 20l-3.5-3.5" />
          </svg>
          {buttonText}
        </Button>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <UserPickerDialog
        mode="instant"
        open={open}
        onOpenChange={setOpen}
        title={pickerTitle}
        unavailableReason={unavailableReason}
        onSelect={(user) => onChange(user)}
      />
    </div>
  );
}
