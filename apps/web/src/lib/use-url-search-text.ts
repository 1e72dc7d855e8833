import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';

/**
 * A search box kept in the address bar: the box shows what is typed at once, and the trimmed
 * text is written (by `write`, e.g. to a search parameter) once typing pauses for `delayMs`.
 * When the address changes for any other reason (back, forward, a link, Clear) the box shows the
 * address's text; the hook's own write is recognised and leaves the box as typed (trailing
 * space included). `write` is read when the pause ends, so it may see the latest page state.
 */
export function useUrlSearchText(urlText: string, write: (text: string) => void, delayMs = 300): [string, (text: string) => void] {
  const [text, setText] = useState(urlText);
  // The texts this hook wrote that the address has not shown yet, oldest first: on a slow phone
  // the address can lag behind two writes, and when it catches up with the older one the box
  // keeps what was typed since.
  const [written, setWritten] = useState<string[]>([]);
  // The address's text as last committed. The box follows the address only when a committed
  // render changes it: a key's urgent render can still see the address from before a navigation
  // that has not committed yet (the router changes it in a transition), and must not take the box
  // back to that.
  const shown = useRef(urlText);
  useLayoutEffect(() => {
    if (urlText === shown.current) return;
    shown.current = urlText;
    const ours = written.indexOf(urlText);
    setWritten(ours >= 0 ? written.slice(ours + 1) : []);
    if (ours < 0) setText(urlText);
  }, [urlText, written]);

  const writeNow = useEffectEvent((next: string) => {
    setWritten((w) => [...w, next]);
    write(next);
  });
  const wanted = text.trim();
  const due = wanted !== urlText && wanted !== written.at(-1);
  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => writeNow(wanted), delayMs);
    return () => clearTimeout(timer);
  }, [due, wanted, delayMs]);

  return [text, setText];
}
