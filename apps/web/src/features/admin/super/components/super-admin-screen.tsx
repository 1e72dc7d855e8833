import { ModuleTabs } from '@/components/admin/admin-screen.tsx';
import { AdminUsersTab } from './admin-users-tab.tsx';
import { BulkEmailTab } from './bulk-email-tab.tsx';
import { RolesTab } from './roles-tab.tsx';
import { SecurityTab } from './security-tab.tsx';

// Super Admin Dashboard: admin roles, admin users, bulk e-mail and the security
// switch (two-factor authentication for all admins); super admins only.
export function SuperAdminScreen() {
  return (
    <ModuleTabs
      label="Super admin sections"
      items={[
        { value: 'roles', label: 'Admin Roles', content: <RolesTab /> },
        { value: 'users', label: 'Admin Users', content: <AdminUsersTab /> },
        { value: 'email', label: 'Bulk Email', content: <BulkEmailTab /> },
        { value: 'security', label: 'Security', content: <SecurityTab /> },
      ]}
    />
  );
}
