import type { ReactNode } from 'react';
import { useSiteConfig } from '@/lib/site-config.ts';

/** A screen's frame: the document title and the one <h1> of the page. */
export function ContentLayout({ title, children, wide = false }: { title: string; children?: ReactNode; wide?: boolean }) {
  const { association_name } = useSiteConfig();
  return (
    <div className={wide ? 'mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12' : 'mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:py-12'}>
      <title>{`${title} · ${association_name} Portal`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{title}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}
