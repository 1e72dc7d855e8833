import { useEffect } from 'react';
import { type RouteObject, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { onSessionExpired } from '@/lib/api-client.ts';
import { initAuth } from '@/lib/auth.ts';
import { pauseFlashes } from '@/lib/flash.ts';
import { replayHeldClicks } from '@/lib/held-clicks.ts';
import { forgetSignedInData } from '@/lib/query-client.ts';
import { paths } from '@/config/paths.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter, routes } from './router.tsx';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Loads the screens of the routes that match `location` and writes them into the route objects.
 * A prerendered page is hydrated: the first client render must draw the screen at once, as the
 * prerender did, not the router's loading state while a lazy route loads.
 */
export async function resolveLazyRoutes(routeList: RouteObject[], location: Location): Promise<void> {
  const lazy = (matchRoutes(routeList, location) ?? []).filter((m) => m.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

/** The app's router, with the current page's screens loaded first when it is to be hydrated. */
export async function startRouter({ hydrating }: { hydrating: boolean }): Promise<AppRouter> {
  if (hydrating) await resolveLazyRoutes(routes, window.location);
  const router = createAppRouter();
  // A 401 anywhere: the API client has cleared the session and raised the flash;
  // here the cached data goes and the member is sent to /login, which remembers the page.
  onSessionExpired(() => {
    forgetSignedInData();
    const { pathname, search, hash } = router.state.location;
    if (pathname === paths.auth.login.path) return;
    void router.navigate(paths.auth.login.href(), { replace: true, state: { from: `${pathname}${search}${hash}` } });
  });
  // A message's time stands still while the next page loads (lib/flash.ts).
  router.subscribe((state) => pauseFlashes(state.navigation.state !== 'idle'));
  initAuth();
  return router;
}

export function App({ router }: { router: AppRouter }) {
  // Runs once the page is the app's: hydrated, or drawn by it.
  useEffect(replayHeldClicks, []);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
