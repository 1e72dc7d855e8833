import { useEffect, useState } from 'react';

/**
 * The browser's clock, re-read every `everyMs` while mounted: for countdowns and status badges,
 * display only (the server's clock decides every rule).
 */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
