import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A countdown in whole seconds that calls `then` when it reaches zero. `left` is the seconds still
 * to wait, or null when none runs. Starting again replaces the running countdown; `cancel` and
 * leaving the page stop it without calling `then`.
 */
export function useCountdown() {
  const [left, setLeft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stop = useCallback(() => {
    clearInterval(timer.current);
    timer.current = undefined;
  }, []);

  const cancel = useCallback(() => {
    stop();
    setLeft(null);
  }, [stop]);

  const start = useCallback(
    (seconds: number, then: () => void) => {
      stop();
      // Read against the clock, not counted in ticks: a throttled background tab still ends on time.
      const endsAt = Date.now() + seconds * 1000;
      setLeft(seconds);
      timer.current = setInterval(() => {
        const s = Math.ceil((endsAt - Date.now()) / 1000);
        if (s > 0) return setLeft(s);
        cancel();
        then();
      }, 250);
    },
    [stop, cancel],
  );

  useEffect(() => stop, [stop]);
  return { left, start, cancel };
}
