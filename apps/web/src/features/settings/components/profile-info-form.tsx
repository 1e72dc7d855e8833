import type { SessionUser } from '@aesa/shared/auth';
import { LEVELS } from '@aesa/shared/constants';
import { EMAIL_CHANGE_MSG, MSG } from '@aesa/shared/messages';
import type { OwnProfile } from '@aesa/shared/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ContactInfoFields } from '@/components/contact-info-fields.tsx';
import { LevelYearFields } from '@/components/level-year-fields.tsx';
import { ListLoading } from '@/components/ui/list-states.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { refreshUser, updateSessionUser } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import { type ProfileInfoInput, updateProfileInfo } from '../api/settings-api.ts';
import { emailChanged } from '@/lib/email-change.ts';
import { ownProfileQueryOptions } from '@/lib/own-profile.ts';

interface LevelYear {
  current_level: string;
  enrollment_year: string;
}

/** The level and year as the selects show them: a level outside the list shows as nothing chosen (and is kept unless changed). */
const levelYearOf = (profile: OwnProfile | undefined): LevelYear => ({
  current_level: profile?.current_level && (LEVELS as readonly string[]).includes(profile.current_level) ? profile.current_level : '',
  enrollment_year: profile?.enrollment_year != null ? String(profile.enrollment_year) : '',
});

/**
 * Profile Info: name, e-mail and phone, and the level and enrolment year the directory filters on
 * (read from the own profile, so the form waits for it).
 */
export function ProfileInfoForm({ user }: { user: SessionUser }) {
  const own = useQuery(ownProfileQueryOptions());
  // A failed load still lets the member change name, e-mail and phone; level and year are then left alone.
  if (own.isPending) return <ListLoading label="Loading profile..." />;
  return <ProfileInfoFields user={user} levelYear={own.data ? levelYearOf(own.data) : null} currentYear={own.data?.enrollment_year ?? null} />;
}

function ProfileInfoFields({ user, levelYear, currentYear }: { user: SessionUser; levelYear: LevelYear | null; currentYear: number | null }) {
  const queryClient = useQueryClient();
  // The account's address when the form is checked: a new one needs the current password.
  const accountEmail = useRef(user.email);
  accountEmail.current = user.email;
  const form = useZodForm(
    () =>
      Promise.all([import('@aesa/shared/schemas/auth'), import('@aesa/shared/schemas/profile')]).then(([m, p]) =>
        m.settingsProfileSchema.extend(p.levelYearChoiceSchema.shape).superRefine((v, ctx) => {
          if (emailChanged(accountEmail.current, v.email) && !v.current_password) {
            ctx.addIssue({ code: 'custom', message: EMAIL_CHANGE_MSG.passwordRequired, path: ['current_password'] });
          }
        }),
      ),
    { defaultValues: { name: user.name ?? '', email: user.email ?? '', phone_number: user.phone_number ?? '', current_password: '', ...(levelYear ?? { current_level: '', enrollment_year: '' }) } },
  );
  // The server's word after an e-mail change was asked for: it happens when the link is followed.
  const [pendingNote, setPendingNote] = useState<string | null>(null);
  const changingEmail = emailChanged(user.email, form.watch('email'));

  const mutation = useMutation({
    mutationFn: updateProfileInfo,
    onSuccess: (res, input) => {
      // The e-mail stays the current one until the link is followed; name and phone are saved.
      updateSessionUser({ ...user, name: input.name, phone_number: input.phone_number || null });
      if (res.pending_email) {
        setPendingNote(res.message ?? EMAIL_CHANGE_MSG.linkSent(res.pending_email));
        flash.success(res.message ?? EMAIL_CHANGE_MSG.linkSent(res.pending_email));
        form.setValue('email', user.email ?? '');
        form.setValue('current_password', '');
      } else {
        flash.success(MSG.profileUpdated);
      }
      // The profile screens read the same fields; the server's view of the user wins.
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void refreshUser();
    },
    onError: (error) => {
      // A 401 has already ended the session, with its own message and a trip to /login.
      if (isApiError(error) && error.status === 401) return;
      flash.error(MSG.profileUpdateFailed);
      // A refusal about one field (a wrong current password, an address that is taken) is said under it.
      if (!form.showRefusal(error)) form.setFormError(isApiError(error) ? error.message : null);
    },
  });

  function onSubmit({
    current_password,
    current_level,
    enrollment_year,
    ...fields
  }: {
    name: string;
    email: string;
    phone_number?: string;
    current_password?: string;
    current_level?: string | null;
    enrollment_year?: number | null;
  }) {
    const input: ProfileInfoInput = { ...fields, phone_number: fields.phone_number ?? '' };
    if (emailChanged(user.email, fields.email)) input.current_password = current_password;
    // Only what the member changed: a stored value the lists do not offer stays as it is.
    if (levelYear && (current_level ?? '') !== levelYear.current_level) input.current_level = current_level ?? null;
    if (levelYear && String(enrollment_year ?? '') !== levelYear.enrollment_year) input.enrollment_year = enrollment_year ?? null;
    mutation.mutate(input);
  }

  return (
    <Form form={form} onSubmit={onSubmit} onSubmitCapture={() => setPendingNote(null)} className="space-y-4">
      <ContactInfoFields field={form.field} changingEmail={changingEmail} pendingNote={pendingNote} />
      {levelYear ? <LevelYearFields level={form.field('current_level')} year={form.field('enrollment_year')} currentYear={currentYear} /> : null}
      <FormActions label="Save Changes" busy={mutation.isPending} />
    </Form>
  );
}
