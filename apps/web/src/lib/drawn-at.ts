// The date a prerendered page was drawn on (the footer's year): hydration must draw the same
// date, whatever the browser's clock says, before the clock takes over (see use-hydrated.ts).

let prerenderDate: Date | null = null;

/** Set by the prerender before it draws a page. */
export function setDrawnAt(date: Date): void {
  prerenderDate = date;
}

/** When the markup being drawn or hydrated was drawn: the prerender's date, else now. */
export function drawnAt(): Date {
  if (prerenderDate) return prerenderDate;
  // The prerender writes its date on the root element (apps/web/scripts/build.mjs).
  const written = globalThis.document?.getElementById('root')?.dataset.drawnAt;
  const date = written ? new Date(written) : null;
  return date && !Number.isNaN(date.getTime()) ? date : new Date();
}
