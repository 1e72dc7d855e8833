import { AdminModuleScreen } from '@/components/admin/admin-screen.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { AdminUsersTab } from './admin-users-tab.tsx';
import { BulkEmailTab } from './bulk-email-tab.tsx';
import { RolesTab } from './roles-tab.tsx';

// Super Admin Dashboard (spec 02 §2.5): admin roles, admin users and bulk e-mail; super admins only.
export function SuperAdminScreen() {
  return (
    <AdminModuleScreen title="Super Admin Dashboard" module="super" intro="Manage admin roles, admin users and bulk email.">
      <Tabs defaultValue="roles">
        <TabsList aria-label="Super admin sections" className="max-w-lg">
          <TabsTrigger value="roles">Admin Roles</TabsTrigger>
          <TabsTrigger value="users">Admin Users</TabsTrigger>
          <TabsTrigger value="email">Bulk Email</TabsTrigger>
        </TabsList>
        <TabsContent value="roles">
          <RolesTab />
        </TabsContent>
        <TabsContent value="users">
          <AdminUsersTab />
        </TabsContent>
        <TabsContent value="email">
          <BulkEmailTab />
        </TabsContent>
      </Tabs>
    </AdminModuleScreen>
  );
}
