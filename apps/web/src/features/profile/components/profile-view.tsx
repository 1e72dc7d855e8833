import type { ReactNode } from 'react';
import type { ProfileData } from '../api/get-profile.ts';
import type { EditorName } from './editor-name.ts';
import { AttendedEventsSection } from './view/attended-events-section.tsx';
import { BioSection } from './view/bio-section.tsx';
import { ContactSection } from './view/contact-section.tsx';
import { ItemLists } from './view/item-lists.tsx';
import { PasswordSection } from './view/password-section.tsx';
import { ProfileHeader } from './view/profile-header.tsx';
import type { ProfileMode } from './view/profile-mode.ts';
import { Section } from './view/section.tsx';
import { SkillsSection } from './view/skills-section.tsx';
import { SocialSection } from './view/social-section.tsx';

export type { ProfileMode } from './view/profile-mode.ts';

/**
 * The profile page: the same layout for one's own profile and for a member's,
 * with edit controls only when `onEdit` is given (the owner). Each section is its own file in
 * view/, drawn in the one Section frame; listed items share one card.
 */
export function ProfileView({
  profile,
  mode,
  onEdit,
  showAdminLink = false,
  notice,
  membership,
}: {
  profile: ProfileData;
  mode: ProfileMode;
  onEdit?: (editor: EditorName) => void;
  showAdminLink?: boolean;
  notice?: ReactNode;
  /** The owner's Membership card (dues and status for the session), under the header. */
  membership?: ReactNode;
}) {
  const edit = (editor: EditorName) => onEdit && (() => onEdit(editor));
  return (
    <div className="mx-auto w-full max-w-6xl px-0 pb-12 sm:px-6 sm:pt-6">
      {notice}
      <ProfileHeader profile={profile} onEdit={onEdit} showAdminLink={showAdminLink} />
      {membership ? <div className="mt-4">{membership}</div> : null}
      <div className="mt-4 grid gap-4 px-4 sm:px-0 lg:grid-cols-[24rem_minmax(0,1fr)] lg:gap-6">
        <div className="min-w-0 space-y-4 lg:space-y-6">
          <BioSection bio={profile.bio} onEdit={edit('bio')} />
          <SkillsSection skills={profile.user_skills.map((s) => s.skill_name)} onEdit={edit('bio')} />
          <ContactSection profile={profile} mode={mode} onEdit={edit('contact')} />
          <SocialSection profile={profile} onEdit={edit('social')} />
          {onEdit ? <PasswordSection onChange={() => onEdit('password')} /> : null}
        </div>
        <div className="min-w-0 space-y-4 lg:space-y-6">
          <Section title="Articles Published">
            <p className="text-slate-700">This member has not published any articles yet.</p>
          </Section>
          <ItemLists profile={profile} mode={mode} onEdit={onEdit} />
          <AttendedEventsSection profile={profile} mode={mode} />
        </div>
      </div>
    </div>
  );
}
