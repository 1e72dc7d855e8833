import type { ProfileData } from '../../api/get-profile.ts';
import type { EditorName } from '../editor-name.ts';
import { BioSkillsEditor } from './bio-skills-editor.tsx';
import { ContactEditor } from './contact-editor.tsx';
import { ImageEditor } from './image-editor.tsx';
import { ItemsEditor } from './items-editor.tsx';
import { PasswordDialog } from './password-dialog.tsx';
import { ProfileBasicsDialog } from './profile-basics-dialog.tsx';
import { SocialLinksEditor } from './social-links-editor.tsx';

/** The open edit dialog of the owner's profile (one chunk, loaded on the first edit). */
export function ProfileEditors({ editor, profile, onClose }: { editor: EditorName; profile: ProfileData; onClose: () => void }) {
  switch (editor) {
    case 'basics':
      return <ProfileBasicsDialog profile={profile} onClose={onClose} />;
    case 'password':
      return <PasswordDialog onClose={onClose} />;
    case 'bio':
      return <BioSkillsEditor profile={profile} onClose={onClose} />;
    case 'contact':
      return <ContactEditor profile={profile} onClose={onClose} />;
    case 'social':
      return <SocialLinksEditor profile={profile} onClose={onClose} />;
    case 'profile-image':
      return <ImageEditor kind="profile" profile={profile} onClose={onClose} />;
    case 'cover-image':
      return <ImageEditor kind="cover" profile={profile} onClose={onClose} />;
    case 'projects':
      return <ItemsEditor kind="projects" profile={profile} onClose={onClose} />;
    case 'achievements':
      return <ItemsEditor kind="achievements" profile={profile} onClose={onClose} />;
    case 'activities':
      return <ItemsEditor kind="activities" profile={profile} onClose={onClose} />;
  }
}
