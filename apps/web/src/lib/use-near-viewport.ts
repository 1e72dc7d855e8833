import { type RefCallback, useCallback, useEffect, useState } from 'react';

/**
 * Whether an element has come within a screen's height of the viewport; once it has, it stays so.
 * For a part of a page that asks the server for more as it is drawn: a phone that never scrolls
 * that far makes none of those requests, and the page's first screen is not held up by them.
 */
export function useNearViewport<T extends Element>(): [RefCallback<T>, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return [useCallback((el: T | null) => setElement(el), []), near];
}
