import { ChangePasswordForm } from '@/components/change-password/change-password-form.tsx';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';

/** Change Password on the own profile: the settings tab's form, with the profile's rules of use. */
export function PasswordDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Change Password" description="Enter your current password, then the new one twice.">
        <ChangePasswordForm variant="profile" onChanged={onClose} />
      </DialogContent>
    </Dialog>
  );
}
