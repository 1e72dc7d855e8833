import { EMAIL_CHANGE_MSG } from '@aesa/shared/messages';
import type { ProfileUpdateInput } from '@aesa/shared/profile';
import { useMemo, useState } from 'react';
import { ContactInfoFields } from '@/components/contact-info-fields.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { emailChanged } from '@/lib/email-change.ts';
import { useUser, updateSessionUser } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { updateProfile } from '../../api/update-profile.ts';
import { useDirty } from '../../lib/dirty.ts';
import { EditorActions, EditorDialog } from './editor-dialog.tsx';
import { reportSaveFailure, useRefreshProfile } from './editor-helpers.ts';

/**
 * Contact info: name, e-mail and phone, and whether signed-in members may see each (PATCH
 * /profile/me with {name, email, phone_number, show_email, show_phone}).
 */
export function ContactEditor({ profile, onClose }: { profile: ProfileData; onClose: () => void }) {
  const user = useUser();
  const initial = useMemo(
    () => ({
      name: profile.name ?? '',
      email: profile.email ?? '',
      phone_number: profile.phone_number ?? '',
      show_email: profile.show_email ?? false,
      show_phone: profile.show_phone ?? false,
    }),
    [profile],
  );
  // The profile request's fields; a new e-mail address also needs the current password, and
  // changes only when its link is followed.
  const form = useZodForm(
    () =>
      import('@aesa/shared/schemas/profile').then((m) =>
        m.profileUpdateSchema.pick({ name: true, email: true, phone_number: true, show_email: true, show_phone: true, current_password: true }).superRefine((v, ctx) => {
          if (emailChanged(initial.email, v.email ?? '') && !v.current_password) {
            ctx.addIssue({ code: 'custom', message: EMAIL_CHANGE_MSG.passwordRequired, path: ['current_password'] });
          }
        }),
      ),
    { defaultValues: { ...initial, current_password: '' } },
  );
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [pendingNote, setPendingNote] = useState<string | null>(null);
  const [name, email, phone_number, show_email, show_phone] = form.watch(['name', 'email', 'phone_number', 'show_email', 'show_phone']);
  const changingEmail = emailChanged(initial.email, email ?? '');
  const dirty = useDirty(initial, { name, email, phone_number, show_email, show_phone });
  const refresh = useRefreshProfile();

  async function onSubmit(parsed: Pick<ProfileUpdateInput, 'name' | 'email' | 'phone_number' | 'show_email' | 'show_phone' | 'current_password'>) {
    if (!dirty) return setSaved(true);
    setBusy(true);
    try {
      const body = {
        name: parsed.name ?? '',
        email: parsed.email ?? '',
        phone_number: parsed.phone_number ?? '',
        show_email: parsed.show_email ?? false,
        show_phone: parsed.show_phone ?? false,
      };
      const res = await updateProfile(changingEmail ? { ...body, current_password: parsed.current_password } : body);
      // The top bar and the menus show the same name (the e-mail changes only through its link).
      if (user) updateSessionUser({ ...user, name: body.name, phone_number: body.phone_number || null });
      if (res.pending_email) {
        // Stay open: the member reads where the link went.
        const note = res.message ?? EMAIL_CHANGE_MSG.linkSent(res.pending_email);
        setPendingNote(note);
        flash.success(note);
        form.setValue('current_password', '');
        form.setValue('email', initial.email);
        return;
      }
      flash.success('Contact information updated successfully!');
      setSaved(true);
    } catch (error) {
      reportSaveFailure(form, error, (detail) => `Failed to update contact information: ${detail}`);
    } finally {
      setBusy(false);
      void refresh();
    }
  }

  return (
    <EditorDialog title="Edit Contact Info" dirty={dirty} saved={saved} busy={busy} onClose={onClose}>
      <Form form={form} onSubmit={onSubmit} className="space-y-4">
        <ContactInfoFields
          field={form.field}
          changingEmail={changingEmail}
          pendingNote={pendingNote}
          visibility={{ show_email: !!show_email, show_phone: !!show_phone, onChange: (item, on) => form.setValue(item, on, { shouldDirty: true }) }}
        />
        <EditorActions busy={busy} />
      </Form>
    </EditorDialog>
  );
}
