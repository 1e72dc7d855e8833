import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';

/**
 * Explore AeroIntel. The spec's Browse button does nothing; a member pressing it
 * expects the articles section, so it goes to /aerointel (the section's own page).
 */
export function AeroIntelBlock() {
  return (
    <section aria-labelledby="aerointel-title" className="pb-14 sm:pb-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col gap-6 rounded-3xl bg-gradient-to-br from-navy-800 to-brand-700 p-6 text-white sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="aerointel-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Explore AeroIntel
            </h2>
            <p className="mt-2 text-slate-100">
              Articles, research, news and publications written by our members and alumni.
            </p>
          </div>
          <Link to={paths.aerointel.href()} className={buttonClasses({ variant: 'accent', size: 'lg', className: 'shrink-0' })}>
            Browse
          </Link>
        </div>
      </div>
    </section>
  );
}
