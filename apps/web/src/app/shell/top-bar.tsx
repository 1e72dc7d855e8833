import type { SessionUser } from '@aesa/shared/auth';
import { Suspense, lazy } from 'react';
import { Link, NavLink } from 'react-router';
import { LogoMark } from '@/components/icons/logo.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { NAV_LINKS } from './nav-links.ts';

// Only signed-in members need the menu (and its positioning library): visitors never load it.
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));

export function TopBar({
  associationName,
  user,
  onOpenSettings,
  onSignOut,
}: {
  associationName: string;
  user: SessionUser | null;
  onOpenSettings: () => void;
  onSignOut: () => void;
}) {
  return (
    <header className="sticky top-0 z-30 bg-navy-900 text-white shadow-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home.href()} className="flex items-center gap-2.5 rounded-lg font-bold tracking-tight">
          <LogoMark />
          <span className="text-lg">{associationName}</span>
          <span className="sr-only">Portal home</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-3 py-2 text-sm font-semibold transition-colors',
                      isActive ? 'bg-white/10 text-accent-300' : 'text-slate-100 hover:bg-white/10 hover:text-white',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          {user ? (
            <Suspense fallback={<Avatar name={user.name || user.matric_number} src={user.profile_image_url ?? user.avatar} />}>
              <UserMenu user={user} onOpenSettings={onOpenSettings} onSignOut={onSignOut} />
            </Suspense>
          ) : (
            <>
              <Link to={paths.auth.login.href()} className={buttonClasses({ variant: 'light', size: 'sm' })}>
                Login
              </Link>
              <Link to={paths.auth.register.href()} className={buttonClasses({ variant: 'accent', size: 'sm' })}>
                Join Us
              </Link>
            </>
          )}
        </div>

        <MobileMenu user={user} onOpenSettings={onOpenSettings} onSignOut={onSignOut} associationName={associationName} />
      </div>
    </header>
  );
}
