import { MSG } from '@aesa/shared/messages';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';

export function NotFoundRoute() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <title>Page not found</title>
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-navy-900 sm:text-3xl">{MSG.notFoundPage}</h1>
      <p className="mt-3 text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home.href()} className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        Return to Home
      </Link>
    </div>
  );
}
