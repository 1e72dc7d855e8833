import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useUser } from '@/lib/auth.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ProfileInfoForm } from './profile-info-form.tsx';

/** The settings modal (spec 01 §2 Shell): Profile Info and Change Password tabs. */
export function SettingsDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const user = useUser();
  if (!user) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Settings"
        description="Update your account details and password."
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <Tabs defaultValue="profile">
          <TabsList aria-label="Settings sections">
            <TabsTrigger value="profile">Profile Info</TabsTrigger>
            <TabsTrigger value="password">Change Password</TabsTrigger>
          </TabsList>
          <TabsContent value="profile">
            <ProfileInfoForm user={user} />
          </TabsContent>
          <TabsContent value="password">
            <ChangePasswordForm />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
