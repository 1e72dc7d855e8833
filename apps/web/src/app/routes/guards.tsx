import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.ts';

// Guards are layout routes: each renders its child routes or redirects.

const GUEST_PATHS: readonly string[] = [paths.auth.login.path, paths.auth.register.path];

/** The origin a guard remembered, if it is a path of this app worth returning to. */
export function rememberedOrigin(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const pathname = from.split(/[?#]/)[0] ?? '';
  return GUEST_PATHS.includes(pathname) ? null : from;
}

/**
 * Login required: a visitor goes to /login, which remembers where they were going; a member who
 * has just signed out here goes home (signing out is not a reason to show the login form).
 */
export function ProtectedLayout() {
  const { status, user, signedOut } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (!user && signedOut) return <Navigate to={paths.home.href()} replace />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.login.href()} replace state={{ from }} />;
  }
  return <Outlet />;
}

/** Visitors only: a signed-in member goes on to the remembered origin, else to /dashboard. */
export function GuestLayout() {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (user) return <Navigate to={rememberedOrigin(location.state) ?? paths.dashboard.href()} replace />;
  return <Outlet />;
}
