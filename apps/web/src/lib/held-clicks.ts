// A prerendered page holds the taps on its buttons made before the app ran (scripts/paint-first.js).

declare global {
  interface Window {
    /** Stops holding taps and hands over the buttons tapped so far, in order (prerendered pages only). */
    takeHeldClicks?: () => HTMLButtonElement[];
  }
}

/** Taps again, now that the app runs, each button tapped before it did (each once). */
export function replayHeldClicks(): void {
  for (const button of window.takeHeldClicks?.() ?? []) {
    if (button.isConnected && !button.disabled) button.click();
  }
}
