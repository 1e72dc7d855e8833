import { type RefObject, Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { FlashViewport } from '@/components/ui/flash.tsx';
import { forgetSignOut, logout, useAuth } from '@/lib/auth.ts';
import { forgetSignedInData } from '@/lib/query-client.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { isMalformedPath } from '../routes/malformed-path.ts';
import { Footer } from './footer.tsx';
import { TopBar } from './top-bar.tsx';

// Loaded the first time a member opens it: visitors never download the settings forms.
const SettingsDialog = lazy(() =>
  import('@/features/settings/components/settings-dialog.tsx').then((m) => ({ default: m.SettingsDialog })),
);

const NotFoundRoute = lazy(() => import('../routes/not-found.tsx').then((m) => ({ default: m.NotFoundRoute })));

/** Moves focus to the new page's heading after a client-side navigation, as a page load would. */
function useFocusOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const target = main.current?.querySelector<HTMLElement>('h1') ?? main.current;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname, main]);
}

/**
 * Settings opens from a menu that has closed by the time the dialog does: on close, focus goes
 * back to the visible menu button (the account menu, or the mobile menu's button).
 */
function returnFocusToMenu(event: Event) {
  const triggers = document.querySelectorAll<HTMLElement>('[data-menu-trigger]');
  const visible = [...triggers].find((el) => el.offsetParent !== null);
  if (!visible) return;
  event.preventDefault();
  visible.focus();
}

export function AppShell() {
  const { user } = useAuth();
  const config = useSiteConfig();
  const navigation = useNavigation();
  const main = useRef<HTMLElement>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  useFocusOnNavigate(main);

  function openSettings() {
    setSettingsLoaded(true);
    setSettingsOpen(true);
  }

  // A sign-out is acted on by the page it happened on (a members-only page leads home, see
  // ProtectedLayout); from the next page on, the member is a visitor like any other.
  const { key: locationKey, pathname } = useLocation();
  useEffect(() => forgetSignOut(), [locationKey]);

  async function signOut() {
    setSettingsOpen(false);
    await logout();
    forgetSignedInData();
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[70] rounded-lg bg-white px-4 py-2 font-semibold text-navy-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {navigation.state !== 'idle' ? (
        <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-[65] h-1 overflow-hidden">
          <div className="h-full w-1/3 animate-pulse bg-accent-300" />
        </div>
      ) : null}
      <TopBar
        associationName={config.association_name}
        user={user}
        onOpenSettings={openSettings}
        onSignOut={() => void signOut()}
      />
      <main id="main" ref={main} tabIndex={-1} className="flex-1 outline-none">
        {isMalformedPath(pathname) ? (
          <Suspense fallback={null}>
            <NotFoundRoute />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>
      <Footer config={config} />
      <FlashViewport />
      {user && settingsLoaded ? (
        <Suspense fallback={null}>
          <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} onCloseAutoFocus={returnFocusToMenu} />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </div>
  );
}
