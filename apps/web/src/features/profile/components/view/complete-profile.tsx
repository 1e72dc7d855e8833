import { COMPLETE_PROFILE_MSG } from '@aesa/shared/profile';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import type { ProfileData } from '../../api/get-profile.ts';
import { promptSkipped, skipPrompt } from '../../lib/completion-prompt.ts';
import { ProfileBasicsForm } from '../edit/profile-basics-form.tsx';

/**
 * "Complete your profile" at the top of the own profile while the name, level or enrolment year
 * is missing: a short step (sign-in lands here) that asks for the three, or, once skipped in this
 * browser session, a gentle card that opens it again. It sits in the page, not in a modal, so it
 * never stands between the member and the rest of the site.
 */
export function CompleteProfile({ profile }: { profile: ProfileData }) {
  const [open, setOpen] = useState(() => !promptSkipped(profile.id));
  return (
    <section
      aria-labelledby="complete-profile-heading"
      className="mx-4 mt-4 mb-4 rounded-2xl border border-sky-200 bg-sky-50 px-4 py-4 text-sky-950 sm:mx-0 sm:mt-0 sm:px-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="complete-profile-heading" className="text-lg font-bold">
            {COMPLETE_PROFILE_MSG.title}
          </h2>
          <p className="mt-0.5 text-sm">{open ? COMPLETE_PROFILE_MSG.description : COMPLETE_PROFILE_MSG.cardText}</p>
        </div>
        {open ? null : <Button onClick={() => setOpen(true)}>{COMPLETE_PROFILE_MSG.start}</Button>}
      </div>
      {open ? (
        <div className="mt-4 rounded-xl bg-white p-4 ring-1 ring-sky-200">
          <ProfileBasicsForm
            profile={profile}
            savedMessage={COMPLETE_PROFILE_MSG.saved}
            secondary={{
              label: COMPLETE_PROFILE_MSG.skip,
              onClick: () => {
                skipPrompt(profile.id);
                setOpen(false);
              },
            }}
          />
        </div>
      ) : null}
    </section>
  );
}
