import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` of the viewport, and from then on. False on the
 * server and until then: what it guards (a third party's heavy frame) costs nothing to a visitor
 * who never scrolls to it.
 */
export function useNearViewport(element: RefObject<Element | null>, margin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
