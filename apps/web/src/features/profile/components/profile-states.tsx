import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useSiteConfig } from '@/lib/site-config.ts';

/** The document title of a profile page. */
export function ProfileTitle({ name }: { name: string }) {
  const { association_name } = useSiteConfig();
  return <title>{`${name} · ${association_name} Portal`}</title>;
}

export function ProfileLoading() {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 px-4">
      <ProfileTitle name="Profile" />
      <Spinner label="" className="[&_svg]:size-10" />
      <p className="font-medium text-slate-700">Loading profile...</p>
    </div>
  );
}

/** A page-level problem: the profile cannot be shown at all. */
export function ProfileProblem({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[50vh] w-full max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <ProfileTitle name="Profile" />
      <h1 className="text-2xl font-bold text-navy-900">Profile</h1>
      <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 font-medium break-words text-red-800">
        {children}
      </p>
      {action}
    </div>
  );
}
