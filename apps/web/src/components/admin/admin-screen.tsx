import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { type AdminModuleName, canUseModule, useAdminMe } from '@/lib/admin-access.ts';
import { loadFailed } from '@/lib/admin-messages.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { ListError } from './list-states.tsx';

/**
 * An admin module screen's frame: document title, the one <h1>, and its content. The Back to
 * Dashboard link above it comes from the admin-module layout route (app/routes/admin-module-layout.tsx).
 */
export function AdminFrame({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { association_name } = useSiteConfig();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-3 pb-8 sm:px-6 lg:pb-12">
      <title>{`${title} · ${association_name} Portal`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{title}</h1>
      {intro ? <p className="mt-1 text-slate-600">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/**
 * A module screen: its content only for a member whose admin role carries the module's flag
 * (GET /api/admin/me); anyone else sees an access-denied state. The server refuses the calls
 * (403) whatever this screen shows.
 */
export function AdminModuleScreen({
  title,
  module,
  intro,
  children,
}: {
  title: string;
  module: AdminModuleName;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const me = useAdminMe();
  let body: ReactNode;
  if (me.isPending) {
    body = (
      <div className="flex items-center gap-3 py-10 text-slate-700">
        <Spinner label="Checking your admin permissions" />
        <span aria-hidden="true">Checking your admin permissions...</span>
      </div>
    );
  } else if (me.isError) {
    body = <ListError message={loadFailed('admin permissions', me.error)} onRetry={() => void me.refetch()} />;
  } else if (!canUseModule(me.data, module)) {
    body = <ModuleDenied title={title} />;
  } else {
    body = children;
  }
  return (
    <AdminFrame title={title} intro={me.data && canUseModule(me.data, module) ? intro : undefined}>
      {body}
    </AdminFrame>
  );
}

function ModuleDenied({ title }: { title: string }) {
  return (
    <section
      aria-labelledby="module-denied-title"
      className="rounded-2xl border border-red-200 bg-white p-6 text-center shadow-sm sm:p-10"
    >
      <LockIcon />
      <h2 id="module-denied-title" className="mt-3 text-xl font-bold text-navy-900">
        Access Denied
      </h2>
      <p className="mt-2 text-slate-700">
        Your admin role does not include {title}. Ask a super admin if you need it.
      </p>
      <Link to={paths.admin.dashboard.href()} className={buttonClasses({ className: 'mt-6' })}>
        Back to Dashboard
      </Link>
    </section>
  );
}

export function LockIcon({ className = 'mx-auto size-10 text-red-700' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
