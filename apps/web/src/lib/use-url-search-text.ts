import { useEffect, useEffectEvent, useState } from 'react';

/**
 * A search box kept in the address bar: the box shows what is typed at once, and the trimmed
 * text is written (by `write`, e.g. to a search parameter) once typing pauses for `delayMs`.
 * When the address changes for any other reason (back, forward, a link, Clear) the box shows the
 * address's text; the hook's own write is recognised and leaves the box as typed (trailing
 * space included). `write` is read when the pause ends, so it may see the latest page state.
 */
export function useUrlSearchText(urlText: string, write: (text: string) => void, delayMs = 300): [string, (text: string) => void] {
  // `url` is the address's text this state was made for; `written` the texts this hook wrote
  // that the address has not shown yet, oldest first. On a slow phone the address can lag behind
  // two writes: when it catches up with the older one, the box keeps what was typed since.
  const [state, setState] = useState({ text: urlText, url: urlText, written: [] as string[] });
  let current = state;
  if (urlText !== state.url) {
    const ours = state.written.indexOf(urlText);
    current = ours >= 0 ? { text: state.text, url: urlText, written: state.written.slice(ours + 1) } : { text: urlText, url: urlText, written: [] };
    setState(current);
  }

  const writeNow = useEffectEvent((text: string) => {
    setState((s) => ({ ...s, written: [...s.written, text] }));
    write(text);
  });
  const wanted = current.text.trim();
  const due = wanted !== current.url && wanted !== current.written.at(-1);
  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => writeNow(wanted), delayMs);
    return () => clearTimeout(timer);
  }, [due, wanted, delayMs]);

  return [current.text, (text: string) => setState((s) => ({ ...s, text }))];
}
