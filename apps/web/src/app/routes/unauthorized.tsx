import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';

export function UnauthorizedRoute() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <title>Access denied</title>
      <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">Access Denied</h1>
      <p className="mt-3 text-slate-700">You don&apos;t have permission to view this page.</p>
      <Link to={paths.home.href()} className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        Return to Home
      </Link>
    </div>
  );
}
