import type { ReactNode } from 'react';
import { useSiteConfig } from '@/lib/site-config.ts';

/** The card of the setup screen, like the sign-in screens' card. */
export function SetupLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { association_name } = useSiteConfig();
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <title>{`${title} · ${association_name} Portal`}</title>
      <div className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-navy-900">{title}</h1>
        {subtitle ? <div className="mt-2 text-sm text-slate-700">{subtitle}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

export const setupLinkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';
