import type { AdminMeResponse } from '@aesa/shared/admin';
import type { ReactNode } from 'react';
import { Link, useOutletContext } from 'react-router';
import { AppDialogsProvider } from '@/components/ui/app-dialogs.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { paths } from '@/config/paths.ts';
import { useAdminMe } from '@/lib/module-access.ts';
import { loadFailed } from '@/lib/admin-messages.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { MfaSetupRequired } from './mfa-setup-required.tsx';

// The pieces of the admin area's one frame (app/routes/admin-layout.tsx renders them around every
// admin screen): the document title, the <h1>, the Back to Dashboard link of every module screen,
// the admin permissions check (GET /api/admin/me) with its loading and failure states, Access
// Denied, and the tabs a module screen shows its sections in.

/** The page frame: document title, Back to Dashboard (module screens), the one <h1>, and the content. */
export function AdminFrame({
  title,
  intro,
  actions,
  backLink = true,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** Links or buttons beside the heading. */
  actions?: ReactNode;
  backLink?: boolean;
  children: ReactNode;
}) {
  const { association_name } = useSiteConfig();
  return (
    <AppDialogsProvider>
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-8 sm:px-6 lg:pb-12">
        <title>{`${title} · ${association_name} Portal`}</title>
        {backLink ? (
          <Link
            to={paths.admin.dashboard.href()}
            className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            <span aria-hidden="true">←</span> Back to Dashboard
          </Link>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{title}</h1>
            {intro ? <p className="mt-1 break-words text-slate-700">{intro}</p> : null}
          </div>
          {actions}
        </div>
        <div className="mt-6">{children}</div>
      </div>
    </AppDialogsProvider>
  );
}

/**
 * The admin permissions of the signed-in member: a loading state, the failure with Try Again, or
 * the content made from the answer.
 */
export function AdminAccess({ loadingText, children }: { loadingText: string; children: (me: AdminMeResponse) => ReactNode }) {
  const me = useAdminMe();
  if (me.isPending) return <ListLoading label={loadingText} />;
  if (me.isError) return <ListError message={loadFailed('admin permissions', me.error)} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
  if (me.data.mfa_setup_required) return <MfaSetupRequired />;
  return <>{children(me.data)}</>;
}

/** The answer of GET /api/admin/me, for a screen inside the admin layout (which has read it). */
export function useAdminScreenMe(): AdminMeResponse {
  return useOutletContext<AdminMeResponse>();
}

export interface ModuleTab {
  value: string;
  label: string;
  content: ReactNode;
}

/** A module's sections as tabs; the first is open unless `value` says which. */
export function ModuleTabs({
  label,
  items,
  value,
  onValueChange,
}: {
  label: string;
  items: ModuleTab[];
  value?: string;
  onValueChange?: (value: string) => void;
}) {
  return (
    <Tabs value={value} defaultValue={value === undefined ? items[0]?.value : undefined} onValueChange={onValueChange}>
      {/* Wraps onto a second row on a phone when the tabs do not fit on one. */}
      <TabsList aria-label={label} className="max-w-lg flex-wrap">
        {items.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {items.map((tab) => (
        <TabsContent key={tab.value} value={tab.value}>
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** A module screen for a member whose admin role lacks the module's flag. */
export function ModuleDenied({ title }: { title: string }) {
  return (
    <section aria-labelledby="module-denied-title" className="rounded-2xl border border-red-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <LockIcon />
      <h2 id="module-denied-title" className="mt-3 text-xl font-bold text-navy-900">
        Access Denied
      </h2>
      <p className="mt-2 text-slate-700">Your admin role does not include {title}. Ask a super admin if you need it.</p>
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
