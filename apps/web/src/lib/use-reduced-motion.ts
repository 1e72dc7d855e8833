import { useSyncExternalStore } from 'react';

// Whether the visitor asked the system for less motion: slideshows then stay still.
const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  const media = globalThis.matchMedia?.(QUERY);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

const read = () => globalThis.matchMedia?.(QUERY).matches ?? false;

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
