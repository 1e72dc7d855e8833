import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { hasAdminAccess, useUser } from '@/lib/auth.ts';
import { ChangePasswordForm } from '@/components/change-password/change-password-form.tsx';
import { NotificationsTab } from './notifications-tab.tsx';
import { ProfileInfoForm } from './profile-info-form.tsx';
import { TwoFactorTab } from './two-factor-tab.tsx';

export type SettingsTab = 'profile' | 'password' | 'notifications' | 'two-factor';

/**
 * The settings modal: Profile Info, Change Password and Notifications tabs, and for accounts
 * with admin rights, Two-factor authentication.
 */
export function SettingsDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  initialTab = 'profile',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** The tab open at first (the admin area opens Two-factor authentication). */
  initialTab?: SettingsTab;
}) {
  const user = useUser();
  if (!user) return null;
  const admin = hasAdminAccess(user);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Settings"
        description={admin ? 'Update your account details, password, notifications and two-factor authentication.' : 'Update your account details, password and notifications.'}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <Tabs defaultValue={initialTab === 'two-factor' && !admin ? 'profile' : initialTab}>
          {/* Three tabs or more do not fit on one row of the dialog: the rest wrap onto a second. */}
          <TabsList aria-label="Settings sections" className="flex-wrap">
            <TabsTrigger value="profile">Profile Info</TabsTrigger>
            <TabsTrigger value="password">Change Password</TabsTrigger>
            <TabsTrigger value="notifications">Notifications</TabsTrigger>
            {admin ? (
              <TabsTrigger value="two-factor">
                Two-factor authentication
              </TabsTrigger>
            ) : null}
          </TabsList>
          <TabsContent value="profile">
            <ProfileInfoForm user={user} />
          </TabsContent>
          <TabsContent value="password">
            <ChangePasswordForm />
          </TabsContent>
          <TabsContent value="notifications">
            <NotificationsTab userId={user.id} />
          </TabsContent>
          {admin ? (
            <TabsContent value="two-factor">
              <TwoFactorTab />
            </TabsContent>
          ) : null}
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
