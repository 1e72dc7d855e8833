import { useEffect } from 'react';
import { Link } from 'react-router';
import { ListError } from '@/components/admin/list-states.tsx';
import { LockIcon } from '@/components/admin/admin-screen.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { paths } from '@/config/paths.ts';
import { canUseModule, useAdminMe } from '@/lib/admin-access.ts';
import { errorMessage, isSessionEnd } from '@/lib/admin-messages.ts';
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

  const frame = 'mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-10';
  const docTitle = `Admin Dashboard · ${association_name} Portal`;

  if (me.isPending) {
    return (
      <div className={frame}>
        <title>{docTitle}</title>
        <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">Admin Dashboard</h1>
        <div className="mt-10 flex items-center justify-center gap-3 text-slate-700">
          <Spinner label="Loading admin dashboard..." />
          <span aria-hidden="true">Loading admin dashboard...</span>
        </div>
      </div>
    );
  }

  if (me.isError) {
    return (
      <div className={frame}>
        <title>{docTitle}</title>
        <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">Admin Dashboard</h1>
        <div className="mt-6">
          <ListError
            message={`${PERMISSIONS_FAILED}: ${errorMessage(me.error)}`}
            onRetry={() => void me.refetch()}
            retrying={me.isFetching}
          />
        </div>
      </div>
    );
  }

  if (!me.data.is_admin) {
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

  const isSuper = canUseModule(me.data, 'super');
  const overview = (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <ModuleCards me={me.data} />
      <SystemStatus />
    </div>
  );

  return (
    <div className={frame}>
      <title>{docTitle}</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">Admin Dashboard</h1>
          <p className="mt-1 break-words text-slate-700">
            Welcome, <span className="font-semibold text-slate-900">{user?.name?.trim() || user?.email || 'Admin'}</span>
            {me.data.role_name ? <span className="text-slate-600"> · {me.data.role_name}</span> : null}
          </p>
        </div>
        <Link to={paths.home.href()} className={buttonClasses({ variant: 'outline', className: 'self-start sm:self-auto' })}>
          Back to Site
        </Link>
      </div>

      <div className="mt-6">
        {isSuper ? (
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
        ) : (
          overview
        )}
      </div>
    </div>
  );
}
