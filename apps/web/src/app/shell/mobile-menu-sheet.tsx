import type { SessionUser } from '@aesa/shared/auth';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import { LogoMark } from '@/components/icons/logo.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { NAV_LINKS } from './nav-links.ts';

export interface MobileMenuSheetProps {
  associationName: string;
  user: SessionUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenSettings: () => void;
  onSignOut: () => void;
}

/** The slide-in menu below the desktop breakpoint. */
export function MobileMenuSheet({ associationName, user, open, onOpenChange, onOpenSettings, onSignOut }: MobileMenuSheetProps) {
  const setOpen = onOpenChange;
  const close = () => setOpen(false);

  // Widening the window past the breakpoint hides the menu: close it rather than trap focus there.
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia('(min-width: 1024px)');
    const onChange = () => desktop.matches && setOpen(false);
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, [open, setOpen]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-slate-950/60 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          id="mobile-menu"
          className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] animate-slide-in-right flex-col bg-navy-900 text-white shadow-2xl lg:hidden"
        >
          <div className="flex h-16 items-center justify-between border-b border-white/10 px-4">
            <Dialog.Title className="flex items-center gap-2 text-lg font-bold">
              <LogoMark className="size-8" />
              {associationName}
              <span className="sr-only">menu</span>
            </Dialog.Title>
            <Dialog.Close data-dialog-close="" className="flex size-11 items-center justify-center rounded-lg hover:bg-white/10">
              <span className="sr-only">Close menu</span>
              <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>

          {user ? (
            <Link
              to={paths.profile.href()}
              onClick={close}
              className="flex items-center gap-3 border-b border-white/10 px-4 py-4 hover:bg-white/5"
            >
              <Avatar name={user.name || user.matric_number} src={user.profile_image_url ?? user.avatar} className="size-12" />
              <span className="min-w-0">
                <span className="block truncate font-semibold">{user.name || user.matric_number}</span>
                <span className="block truncate text-sm text-slate-300">{user.email}</span>
              </span>
            </Link>
          ) : null}

          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-2 py-3">
            <ul className="space-y-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    onClick={close}
                    className={({ isActive }) =>
                      cn(
                        'block rounded-lg px-3 py-3 text-base font-semibold',
                        isActive ? 'bg-white/10 text-accent-300' : 'text-slate-100 hover:bg-white/10',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="grid grid-cols-2 gap-3 border-t border-white/10 p-4">
            {user ? (
              <>
                <Button
                  variant="light"
                  onClick={() => {
                    close();
                    onOpenSettings();
                  }}
                >
                  Settings
                </Button>
                <Button
                  variant="accent"
                  onClick={() => {
                    close();
                    onSignOut();
                  }}
                >
                  Log Out
                </Button>
              </>
            ) : (
              <>
                <Link to={paths.auth.login.href()} onClick={close} className={buttonClasses({ variant: 'light' })}>
                  Login
                </Link>
                <Link to={paths.auth.register.href()} onClick={close} className={buttonClasses({ variant: 'accent' })}>
                  Join Us
                </Link>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
