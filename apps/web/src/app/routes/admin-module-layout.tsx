import { Link, Outlet } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Every admin module screen links back to the dashboard (spec 02 §2.1); admin screens are wide (max-w-6xl). */
export function AdminModuleLayout() {
  return (
    <>
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6">
        <Link
          to={paths.admin.dashboard.href()}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          <span aria-hidden="true">←</span> Back to Dashboard
        </Link>
      </div>
      <Outlet />
    </>
  );
}
