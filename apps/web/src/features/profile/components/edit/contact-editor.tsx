import { profileUpdateSchema } from '@aesa/shared/profile';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { EMAIL_CHANGE_MSG } from '@aesa/shared/messages';
import { FormError, PasswordField, TextField } from '@/components/ui/field.tsx';
import { emailChanged } from '@/lib/email-change.ts';
import { useUser, updateSessionUser } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import { fieldErrors, focusFirstInvalid } from '@/lib/form-errors.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { updateProfile } from '../../api/update-profile.ts';
import { useDirty } from '../../lib/dirty.ts';
import { EditorActions, EditorDialog } from './editor-dialog.tsx';
import { endedSession, errorText, useRefreshProfile } from './editor-helpers.ts';

type Field = 'name' | 'email' | 'phone_number' | 'current_password';

/** Contact info: name, e-mail and phone (PATCH /profile/me with {name, email, phone_number}). */
export function ContactEditor({ profile, onClose }: { profile: ProfileData; onClose: () => void }) {
  const user = useUser();
  const initial = useMemo(
    () => ({ name: profile.name ?? '', email: profile.email ?? '', phone_number: profile.phone_number ?? '' }),
    [profile],
  );
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  // Also said inside the dialog: while it is open, the page's toasts are hidden from screen readers.
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // A new e-mail address needs the current password and changes only when its link is followed.
  const [currentPassword, setCurrentPassword] = useState('');
  const [pendingNote, setPendingNote] = useState<string | null>(null);
  const changingEmail = emailChanged(initial.email, values.email);
  const dirty = useDirty(initial, values);
  const refresh = useRefreshProfile();
  const formRef = useRef<HTMLFormElement>(null);

  const update = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileUpdateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    if (!dirty) return setSaved(true);
    if (changingEmail && !currentPassword) {
      setErrors({ current_password: EMAIL_CHANGE_MSG.passwordRequired });
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const body = { name: parsed.data.name ?? values.name, email: parsed.data.email ?? values.email, phone_number: parsed.data.phone_number ?? '' };
      const res = await updateProfile(changingEmail ? { ...body, current_password: currentPassword } : body);
      // The top bar and the menus show the same name (the e-mail changes only through its link).
      if (user) updateSessionUser({ ...user, name: body.name, phone_number: body.phone_number || null });
      if (res.pending_email) {
        // Stay open: the member reads where the link went.
        const note = res.message ?? EMAIL_CHANGE_MSG.linkSent(res.pending_email);
        setPendingNote(note);
        flash.success(note);
        setCurrentPassword('');
        setValues((v) => ({ ...v, email: initial.email }));
        return;
      }
      flash.success('Contact information updated successfully!');
      setSaved(true);
    } catch (error) {
      if (!endedSession(error)) {
        setFailure(`Failed to update contact information: ${errorText(error)}`);
        flash.error(`Failed to update contact information: ${errorText(error)}`);
      }
    } finally {
      setBusy(false);
      void refresh();
    }
  }

  return (
    <EditorDialog title="Edit Contact Info" dirty={dirty} saved={saved} busy={busy} onClose={onClose}>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError>{failure}</FormError>
        {pendingNote ? (
          <p role="status" className="rounded-lg bg-blue-50 px-3 py-2 text-sm font-medium text-navy-900 ring-1 ring-blue-200">
            {pendingNote}
          </p>
        ) : null}
        <TextField
          label="Full Name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(e) => update('name', e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
          error={errors.email}
        />
        {changingEmail ? (
          <PasswordField
            label="Current Password"
            name="current_password"
            autoComplete="current-password"
            required
            hint="Needed to change your email address. We send a confirmation link to the new address."
            value={currentPassword}
            onChange={(e) => {
              setCurrentPassword(e.target.value);
              setErrors((er) => ({ ...er, current_password: undefined }));
            }}
            error={errors.current_password}
          />
        ) : null}
        <TextField
          label="Phone Number"
          name="phone_number"
          type="tel"
          autoComplete="tel"
          hint="Optional"
          value={values.phone_number}
          onChange={(e) => update('phone_number', e.target.value)}
          error={errors.phone_number}
        />
        <EditorActions busy={busy} />
      </form>
    </EditorDialog>
  );
}
