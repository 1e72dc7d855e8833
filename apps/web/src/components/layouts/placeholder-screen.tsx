import { MSG } from '@aesa/shared/messages';
import type { ReactNode } from 'react';
import { ContentLayout } from './content-layout.tsx';

/** The stand-in for a screen a later release builds: its title and the coming-soon notice. */
export function PlaceholderScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <ContentLayout title={title}>
      <section
        aria-label={`${title}: coming soon`}
        className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-700 sm:p-8"
      >
        <p className="text-base">{MSG.comingSoon}</p>
        {children}
      </section>
    </ContentLayout>
  );
}
