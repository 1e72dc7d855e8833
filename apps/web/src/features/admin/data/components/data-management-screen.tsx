import { ModuleTabs } from '@/components/admin/admin-screen.tsx';
import { BatchUpdateTab } from './batch-update-tab.tsx';
import { ClassListTab } from './class-list-tab.tsx';
import { ExecutivesTab } from './executives-tab.tsx';
import { HandOverTab } from './hand-over-tab.tsx';
import { MemberDetailsTab } from './member-details-tab.tsx';
import { MemberRolesTab } from './member-roles-tab.tsx';

// Data Management: member roles (verification = the right to vote), executive offices, the class
// list import, batch role updates, members' level and enrolment year, and the hand-over to the
// next session; data admins and super admins.
export function DataManagementScreen() {
  return (
    <ModuleTabs
      label="Data management sections"
      items={[
        { value: 'roles', label: 'Member Roles', content: <MemberRolesTab /> },
        { value: 'executives', label: 'Executives', content: <ExecutivesTab /> },
        { value: 'class-list', label: 'Class list', content: <ClassListTab /> },
        { value: 'batch', label: 'Batch Update', content: <BatchUpdateTab /> },
        { value: 'members', label: 'Member Details', content: <MemberDetailsTab /> },
        { value: 'next-session', label: 'Next session', content: <HandOverTab /> },
      ]}
    />
  );
}
