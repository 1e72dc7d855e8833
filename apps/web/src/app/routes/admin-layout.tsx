import type { AdminModuleName } from '@aesa/shared/admin';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { useEffect } from 'react';
import { Link, Outlet, useMatches } from 'react-router';
import { AdminAccess, AdminFrame, LockIcon, ModuleDenied } from '@/components/admin/admin-screen.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { canUseModule, useAdminMe } from '@/lib/module-access.ts';
import { isSessionEnd } from '@/lib/admin-messages.ts';
import { useUser } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import { useSiteConfig } from '@/lib/site-config.ts';

// The admin area's one layout route (under the login guard): it asks the server which modules this
// member may use (GET /api/admin/me, computed from the module→flag map in @aesa/shared/admin),
// renders the common frame (title, heading, Back to Dashboard, the dialogs provider) and, inside
// it, the screen only when the member may use its module. Each admin route names its frame in
// its `handle`; the screens render only their content. The server refuses every admin call
// (403) whatever this shows.

export interface AdminScreenHandle {
  admin: {
    title: string;
    intro?: string;
    /** The module whose flag the screen needs; none for the dashboard, open to any admin. */
    module?: AdminModuleName;
  };
}

export const PERMISSIONS_FAILED = 'Failed to load admin permissions';

function useScreenHandle(): AdminScreenHandle['admin'] {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as Partial<AdminScreenHandle> | undefined;
    if (handle?.admin) return handle.admin;
  }
  return { title: 'Admin Dashboard' };
}

export function AdminLayout() {
  const screen = useScreenHandle();
  return screen.module ? <ModuleLayout title={screen.title} intro={screen.intro} module={screen.module} /> : <DashboardLayout title={screen.title} />;
}

function ModuleLayout({ title, intro, module }: { title: string; intro?: string; module: AdminModuleName }) {
  const me = useAdminMe();
  const allowed = canUseModule(me.data, module);
  return (
    <AdminFrame title={title} intro={allowed ? intro : undefined}>
      <AdminAccess loadingText="Checking your admin permissions...">
        {(data) => (canUseModule(data, module) ? <Outlet context={data} /> : <ModuleDenied title={title} />)}
      </AdminAccess>
    </AdminFrame>
  );
}

/** The dashboard's frame: a welcome and Back to Site instead of Back to Dashboard; Access Denied for a member without an admin role. */
function DashboardLayout({ title }: { title: string }) {
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
        <p className="mt-3 text-slate-700">{ADMIN_MSG.accessDenied}</p>
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
    <AdminFrame title={title} intro={welcome} actions={backToSite} backLink={false}>
      <AdminAccess loadingText="Loading admin dashboard...">{(data) => <Outlet context={data} />}</AdminAccess>
    </AdminFrame>
  );
}
