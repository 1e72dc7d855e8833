import { AdminModuleScreen } from '@/components/admin/admin-screen.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { BatchUpdateTab } from './batch-update-tab.tsx';
import { ExecutivesTab } from './executives-tab.tsx';
import { MemberRolesTab } from './member-roles-tab.tsx';

// Data Management (spec 02 §2.6): member roles (verification = the right to vote), executive
// offices, and batch role updates; data admins and super admins.
export function DataManagementScreen() {
  return (
    <AdminModuleScreen title="Data Management" module="data" intro="Verify members, assign executive offices and update roles in bulk.">
      <Tabs defaultValue="roles">
        <TabsList aria-label="Data management sections" className="max-w-lg">
          <TabsTrigger value="roles">Member Roles</TabsTrigger>
          <TabsTrigger value="executives">Executives</TabsTrigger>
          <TabsTrigger value="batch">Batch Update</TabsTrigger>
        </TabsList>
        <TabsContent value="roles">
          <MemberRolesTab />
        </TabsContent>
        <TabsContent value="executives">
          <ExecutivesTab />
        </TabsContent>
        <TabsContent value="batch">
          <BatchUpdateTab />
        </TabsContent>
      </Tabs>
    </AdminModuleScreen>
  );
}
