import { profileUpdateSchema } from '@aesa/shared/profile';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { useUser, updateSessionUser } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import { fieldErrors, focusFirstInvalid } from '@/lib/form-errors.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { updateProfile } from '../../api/update-profile.ts';
import { useDirty } from '../../lib/dirty.ts';
import { EditorActions, EditorDialog } from './editor-dialog.tsx';
import { endedSession, errorText, useRefreshProfile } from './editor-helpers.ts';

type Field = 'name' | 'email' | 'phone_number';

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
    setBusy(true);
    setFailure(null);
    try {
      const body = { name: parsed.data.name ?? values.name, email: parsed.data.email ?? values.email, phone_number: parsed.data.phone_number ?? '' };
      await updateProfile(body);
      // The top bar and the menus show the same name and e-mail.
      if (user) updateSessionUser({ ...user, name: body.name, email: body.email, phone_number: body.phone_number || null });
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
