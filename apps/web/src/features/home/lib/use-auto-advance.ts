import { useCallback, useEffect, useState } from 'react';

/**
 * An index from 0 to count - 1 that moves on every `intervalMs` and wraps, unless paused.
 * Choosing an index by hand restarts the wait, so the choice stays on screen a full interval.
 */
export function useAutoAdvance(count: number, intervalMs: number, paused: boolean) {
  const [state, setState] = useState({ index: 0, chosenAt: 0 });
  const index = count > 0 ? Math.min(state.index, count - 1) : 0;

  useEffect(() => {
    if (paused || count <= 1) return;
    const timer = setInterval(() => setState((s) => ({ ...s, index: (Math.min(s.index, count - 1) + 1) % count })), intervalMs);
    return () => clearInterval(timer);
  }, [paused, count, intervalMs, state.chosenAt]);

  const choose = useCallback((next: number) => setState((s) => ({ index: next, chosenAt: s.chosenAt + 1 })), []);
  return [index, choose] as const;
}
