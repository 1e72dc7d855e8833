import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField, TextField } from '@/components/ui/field.tsx';

type ContactInfoField = 'name' | 'email' | 'phone_number' | 'current_password';

/**
 * Name, e-mail and phone, as the profile's contact info and the account settings both edit them.
 * A new e-mail address asks for the current password and changes only when the link sent to it
 * is followed; `pendingNote` says where that link went.
 */
export function ContactInfoFields({
  field,
  changingEmail,
  pendingNote,
}: {
  /** The form's `field`: the props bound to each input. */
  field: (name: ContactInfoField) => UseFormRegisterReturn & { error?: string };
  changingEmail: boolean;
  pendingNote: string | null;
}) {
  return (
    <>
      {pendingNote ? (
        <p role="status" className="rounded-lg bg-blue-50 px-3 py-2 text-sm font-medium text-navy-900 ring-1 ring-blue-200">
          {pendingNote}
        </p>
      ) : null}
      <TextField label="Full Name" autoComplete="name" required {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      {changingEmail ? (
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          required
          hint="Needed to change your email address. We send a confirmation link to the new address."
          {...field('current_password')}
        />
      ) : null}
      <TextField label="Phone Number" type="tel" autoComplete="tel" hint="Optional" {...field('phone_number')} />
    </>
  );
}
