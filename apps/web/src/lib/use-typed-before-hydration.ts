import { type RefObject, useLayoutEffect } from 'react';

/**
 * Keeps what a visitor typed or chose in a prerendered page's field before the script arrived.
 * The page is readable and its fields usable at once (the build prerenders it), but a controlled
 * field's state starts empty when the app hydrates; the next render would put the field back to
 * that state and drop the text. Right after hydration, this hands the field's own value to
 * `onChange`, as if it had just been typed. On a page drawn by the script there is no difference
 * to find.
 */
export function useTypedBeforeHydration(field: RefObject<HTMLInputElement | HTMLSelectElement | null>, value: string, onChange: (value: string) => void) {
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Once, when the field first appears: later differences are React's own to settle.
  }, []);
}
