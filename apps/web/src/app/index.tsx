import { RouterProvider } from 'react-router/dom';
import { onSessionExpired } from '@/lib/api-client.ts';
import { initAuth } from '@/lib/auth.ts';
import { forgetSignedInData } from '@/lib/query-client.ts';
import { paths } from '@/config/paths.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();

// A 401 anywhere: the API client has cleared the session and raised the flash;
// here the cached data goes and the member is sent to /login, which remembers the page.
onSessionExpired(() => {
  forgetSignedInData();
  const { pathname, search, hash } = router.state.location;
  if (pathname === paths.auth.login.path) return;
  void router.navigate(paths.auth.login.href(), { replace: true, state: { from: `${pathname}${search}${hash}` } });
});
initAuth();

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
