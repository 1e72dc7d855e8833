import { useEffect, useState } from 'react';

/** The browser clock, re-read every `intervalMs` while mounted (for countdowns: display only). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
