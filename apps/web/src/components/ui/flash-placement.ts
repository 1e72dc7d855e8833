/** The horizontal and vertical extent of an element on screen (a DOMRect's fields). */
export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The flash messages' usual distance from the top of the window, in px (Tailwind's top-3). */
export const FLASH_TOP = 12;
const GAP = 8;

/**
 * Where the flash messages start so that they never cover an open dialog's close button: below
 * the lowest close button in their column, else at their usual place. They may cover the
 * dialog's text for a few seconds, never the way out of it.
 */
export function flashTop(column: Pick<Box, 'left' | 'right'>, closeButtons: readonly Box[]): number {
  let top = FLASH_TOP;
  for (const button of closeButtons) {
    const sameColumn = button.right > column.left && button.left < column.right;
    if (sameColumn && button.bottom > 0) top = Math.max(top, Math.ceil(button.bottom) + GAP);
  }
  return top;
}
