import { CONTACT_VISIBILITY_MSG } from '@aesa/shared/profile';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField, TextField } from '@/components/ui/field.tsx';
import { Switch } from '@/components/ui/switch.tsx';

type ContactInfoField = 'name' | 'email' | 'phone_number' | 'current_password';

/** Whether signed-in members may see the e-mail and the phone, and how to change that. */
export interface ContactVisibility {
  show_email: boolean;
  show_phone: boolean;
  onChange: (item: 'show_email' | 'show_phone', shown: boolean) => void;
}

/**
 * Name, e-mail and phone, as the profile's contact info and the account settings both edit them.
 * A new e-mail address asks for the current password and changes only when the link sent to it
 * is followed; `pendingNote` says where that link went.
 */
export function ContactInfoFields({
  field,
  changingEmail,
  pendingNote,
  visibility,
}: {
  /** The form's `field`: the props bound to each input. */
  field: (name: ContactInfoField) => UseFormRegisterReturn & { error?: string };
  changingEmail: boolean;
  pendingNote: string | null;
  /** The profile's contact editor also chooses, per item, who sees them (hidden by default). */
  visibility?: ContactVisibility;
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
      {visibility ? (
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">Who can see them</legend>
          <Switch label={CONTACT_VISIBILITY_MSG.showEmail} checked={visibility.show_email} onChange={(on) => visibility.onChange('show_email', on)} />
          <Switch label={CONTACT_VISIBILITY_MSG.showPhone} checked={visibility.show_phone} onChange={(on) => visibility.onChange('show_phone', on)} />
          <p className="text-sm text-slate-600">{CONTACT_VISIBILITY_MSG.hint}</p>
        </fieldset>
      ) : null}
    </>
  );
}
