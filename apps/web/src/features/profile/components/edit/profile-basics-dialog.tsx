import { MSG } from '@aesa/shared/messages';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import type { ProfileData } from '../../api/get-profile.ts';
import { ProfileBasicsForm } from './profile-basics-form.tsx';

/** The owner's editor of their name, level and enrolment year (the header's edit button). */
export function ProfileBasicsDialog({ profile, onClose }: { profile: ProfileData; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Edit name, level and year">
        <ProfileBasicsForm profile={profile} savedMessage={MSG.profileUpdated} onSaved={onClose} secondary={{ label: 'Cancel', onClick: onClose }} />
      </DialogContent>
    </Dialog>
  );
}
