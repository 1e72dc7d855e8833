import { useSyncExternalStore } from 'react';

// The public pages arrive already drawn (the build prerenders them as a visitor sees them before
// any data) and the client hydrates that markup: its first render must draw exactly the same.
// Whatever only the browser knows (the stored session, today's date) is therefore read after
// hydration: during it, and at prerender, this is false; React then renders again with true.

const subscribe = () => () => {};

/** False while the server renders or the client hydrates the prerendered markup; true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
