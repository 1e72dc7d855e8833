import { useEffect, useEffectEvent, useState } from 'react';

/**
 * A search box kept in the address bar: the box shows what is typed at once, and the trimmed
 * text is written (by `write`, e.g. to a search parameter) once typing pauses for `delayMs`.
 * When the address changes for any other reason (back, forward, a link, Clear) the box shows the
 * address's text; the hook's own write is recognised and leaves the box as typed (trailing
 * space included). `write` is read when the pause ends, so it may see the latest page state.
 */
export function useUrlSearchText(urlText: string, write: (text: string) => void, delayMs = 300): [string, (text: string) => void] {
  // `url` is the address's text this state was made for; `written` the text this hook wrote last.
  const [state, setState] = useState({ text: urlText, url: urlText, written: null as string | null });
  let current = state;
  if (urlText !== state.url) {
    current = { text: urlText === state.written ? state.text : urlText, url: urlText, written: null };
    setState(current);
  }

  const writeNow = useEffectEvent((text: string) => {
    setState((s) => ({ ...s, written: text }));
    write(text);
  });
  const wanted = current.text.trim();
  const due = wanted !== current.url && wanted !== current.written;
  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => writeNow(wanted), delayMs);
    return () => clearTimeout(timer);
  }, [due, wanted, delayMs]);

  return [current.text, (text: string) => setState((s) => ({ ...s, text }))];
}
