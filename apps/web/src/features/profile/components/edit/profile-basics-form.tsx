import { COMPLETE_PROFILE_MSG, type ProfileCompletionInput } from '@aesa/shared/profile';
import { MSG } from '@aesa/shared/messages';
import { useState } from 'react';
import { LevelYearFields } from '@/components/level-year-fields.tsx';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { refreshUser, updateSessionUser, useUser } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { updateProfile } from '../../api/update-profile.ts';
import { reportSaveFailure, useRefreshProfile } from './editor-helpers.ts';

interface BasicsValues {
  name: string;
  current_level: string;
  enrollment_year: string;
}

/**
 * Full name, current level and enrolment year, checked with the shared completion rules and saved
 * with PATCH /profile/me: the "Complete your profile" step and, later, their editor on the profile.
 * The menus show the new name at once; the directory's filters find the member with its next read.
 */
export function ProfileBasicsForm({
  profile,
  savedMessage,
  onSaved,
  secondary,
}: {
  profile: ProfileData;
  savedMessage: string;
  onSaved?: () => void;
  /** The button beside Save: Skip for now, or Cancel. */
  secondary: { label: string; onClick: () => void };
}) {
  const user = useUser();
  const form = useZodForm<BasicsValues, ProfileCompletionInput>(() => import('@aesa/shared/schemas/profile').then((m) => m.profileCompletionSchema), {
    defaultValues: {
      name: profile.name ?? '',
      current_level: profile.current_level ?? '',
      enrollment_year: profile.enrollment_year != null ? String(profile.enrollment_year) : '',
    },
  });
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshProfile();

  async function onSubmit(values: ProfileCompletionInput) {
    setBusy(true);
    try {
      await updateProfile(values);
      if (user) updateSessionUser({ ...user, name: values.name });
      flash.success(savedMessage);
      onSaved?.();
    } catch (error) {
      reportSaveFailure(form, error, (detail) => `${MSG.profileUpdateFailed}: ${detail}`);
    } finally {
      setBusy(false);
      void refresh();
      void refreshUser();
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4">
      <TextField label={COMPLETE_PROFILE_MSG.nameLabel} autoComplete="name" required {...form.field('name')} />
      <LevelYearFields level={form.field('current_level')} year={form.field('enrollment_year')} currentYear={profile.enrollment_year} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={secondary.onClick} disabled={busy}>
          {secondary.label}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : COMPLETE_PROFILE_MSG.save}
        </Button>
      </div>
    </Form>
  );
}
