import type { AdminMeResponse } from '@aesa/shared/admin';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { AdminAccess, AdminFrame, LockIcon } from '@/components/admin/admin-screen.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { paths } from '@/config/paths.ts';
import { canUseModule, useAdminMe } from '@/lib/admin-access.ts';
import { isSessionEnd } from '@/lib/admin-messages.ts';
import { useUser } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { AuditLogPanel } from './audit-log-panel.tsx';
import { ModuleCards } from './module-cards.tsx';
import { SystemStatus } from './system-status.tsx';

export const PERMISSIONS_FAILED = 'Failed to load admin permissions';

// The admin dashboard (spec 02 §2.2): any signed-in member may open it. The cards follow the
// member's real admin flags (GET /api/admin/me); a member without an admin role sees Access Denied.
export function AdminDashboardScreen() {
  const user = useUser();
  const me = useAdminMe();
  const { association_name } = useSiteConfig();

  useEffect(() => {
    if (me.isError && !isSessionEnd(me.error)) flash.error(PERMISSIONS_FAILED);
  }, [me.isError, me.error, me.errorUpdatedAt]);

  if (me.data && !me.data.is_admin) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-20">
        <title>{`Access Denied · ${association_name} Portal`}</title>
        <LockIcon className="size-12 text-red-700" />
        <h1 className="mt-4 text-2xl font-bold text-navy-900 sm:text-3xl">Access Denied</h1>
        <p className="mt-3 text-slate-700">You don&apos;t have admin permissions to access this dashboard.</p>
        <Link to={paths.home.href()} className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
          Return to Home
        </Link>
      </div>
    );
  }

  const welcome = me.data ? (
    <>
      Welcome, <span className="font-semibold text-slate-900">{user?.name?.trim() || user?.email || 'Admin'}</span>
      {me.data.role_name ? <span className="text-slate-600"> · {me.data.role_name}</span> : null}
    </>
  ) : undefined;
  const backToSite = me.data ? (
    <Link to={paths.home.href()} className={buttonClasses({ variant: 'outline', className: 'self-start sm:self-auto' })}>
      Back to Site
    </Link>
  ) : undefined;

  return (
    <AdminFrame title="Admin Dashboard" intro={welcome} actions={backToSite} backLink={false}>
      <AdminAccess loadingText="Loading admin dashboard...">{(data) => <DashboardBody me={data} />}</AdminAccess>
    </AdminFrame>
  );
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
