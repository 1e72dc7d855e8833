import type { AdminMeResponse } from '@aesa/shared/admin';
import { useAdminScreenMe } from '@/components/admin/admin-screen.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { canUseModule } from '@/lib/module-access.ts';
import { AuditLogPanel } from './audit-log-panel.tsx';
import { ModuleCards } from './module-cards.tsx';
import { SystemStatus } from './system-status.tsx';

// The admin dashboard: the module cards follow the member's real admin flags
// (GET /api/admin/me, read by the admin layout, which shows Access Denied to a member without an
// admin role); super admins also get the audit log.
export function AdminDashboardScreen() {
  return <DashboardBody me={useAdminScreenMe()} />;
}

function DashboardBody({ me }: { me: AdminMeResponse }) {
  const overview = (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <ModuleCards me={me} />
      <SystemStatus />
    </div>
  );
  if (!canUseModule(me, 'super')) return overview;
  return (
    <Tabs defaultValue="overview">
      <TabsList aria-label="Dashboard sections" className="max-w-sm">
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="audit">Audit Log</TabsTrigger>
      </TabsList>
      <TabsContent value="overview">{overview}</TabsContent>
      <TabsContent value="audit">
        <AuditLogPanel />
      </TabsContent>
    </Tabs>
  );
}
