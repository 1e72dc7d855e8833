import { AdminModuleScreen } from '@/components/admin/admin-screen.tsx';
import { BatchUpdateTab } from './batch-update-tab.tsx';
import { ExecutivesTab } from './executives-tab.tsx';
import { MemberRolesTab } from './member-roles-tab.tsx';

// Data Management (spec 02 §2.6): member roles (verification = the right to vote), executive
// offices, and batch role updates; data admins and super admins.
export function DataManagementScreen() {
  return (
    <AdminModuleScreen
      title="Data Management"
      module="data"
      intro="Verify members, assign executive offices and update roles in bulk."
      tabs={{
        label: 'Data management sections',
        items: [
          { value: 'roles', label: 'Member Roles', content: <MemberRolesTab /> },
          { value: 'executives', label: 'Executives', content: <ExecutivesTab /> },
          { value: 'batch', label: 'Batch Update', content: <BatchUpdateTab /> },
        ],
      }}
    />
  );
}
