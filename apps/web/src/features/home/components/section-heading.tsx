import type { ReactNode } from 'react';

/** A home section's title and its one-line introduction. */
export function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
        {title}
      </h2>
      {children ? <p className="mt-2 text-base text-slate-700">{children}</p> : null}
    </div>
  );
}
